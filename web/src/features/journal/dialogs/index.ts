export { SelfAnalysisDialog, type SelfAnalysisDialogProps } from "./self-analysis-dialog";
export { TherapistReportDialog, type TherapistReportDialogProps } from "./therapist-report-dialog";
