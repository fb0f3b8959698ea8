import { useEffect, useRef, useState } from "react";
import { subDays } from "date-fns";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { FormField } from "@/components/ui/form-field";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { serverErrorText, useTherapistReport } from "@/features/journal/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api/client";
import { SUBSCRIPTION_PATH, THERAPIST_REPORT_CLOSE_DELAY_MS, THERAPIST_REPORT_DEFAULT_DAYS } from "@/lib/constants";

export const PREMIUM_ONLY_NOTE = "This feature is only available to premium subscribers.";
export const REPORT_GENERATING = "Generating report, please wait...";
export const REPORT_SENT = "Report sent successfully!";
export const REPORT_FAILED = "Failed to generate report";
export const REPORT_UNEXPECTED_ERROR = "An unexpected error occurred";

/** "text@text.text" (spec section 5). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Status = "idle" | "loading" | "success" | "error";

export interface TherapistReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Send Therapist Report' (spec part 1, section 2); POST /api/journal/therapist-report. */
export function TherapistReportDialog({ open, onOpenChange }: TherapistReportDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {/* Mounted per opening: fields start from the defaults (last 30 days to today). */}
        {open && <TherapistReportForm onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** The detail shown for a failed report: the server's text, or 'An unexpected error occurred'. */
function failureDetail(err: unknown): string {
  if (err instanceof ApiError) return serverErrorText(err.body) ?? REPORT_UNEXPECTED_ERROR;
  return REPORT_UNEXPECTED_ERROR;
}

function TherapistReportForm({ onClose }: { onClose: () => void }) {
  const [startDate, setStartDate] = useState<Date | undefined>(() => subDays(new Date(), THERAPIST_REPORT_DEFAULT_DAYS));
  const [endDate, setEndDate] = useState<Date | undefined>(() => new Date());
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>("idle");
  const [detail, setDetail] = useState("");
  // A 403 is the premium rule: the banner then offers the way to premium.
  const [needsPremium, setNeedsPremium] = useState(false);
  const report = useTherapistReport();

  // Success: close after 2000 ms (unmounting resets the status to idle for the next opening).
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (status !== "success") return;
    const timer = setTimeout(() => closeRef.current(), THERAPIST_REPORT_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  function fail(message: string) {
    setStatus("error");
    setDetail(message);
    toast({ title: REPORT_FAILED, description: message, variant: "destructive" });
  }

  function submit() {
    const therapistEmail = email.trim();
    if (!startDate || !endDate || !therapistEmail) {
      toast({ title: "Missing information", description: "Please fill in all fields.", variant: "destructive" });
      return;
    }
    if (!EMAIL_PATTERN.test(therapistEmail)) {
      toast({ title: "Invalid email", description: "Please enter a valid email address.", variant: "destructive" });
      return;
    }
    if (startDate.getTime() > endDate.getTime()) {
      toast({
        title: "Invalid date range",
        description: "Start date must be before end date.",
        variant: "destructive",
      });
      return;
    }
    setStatus("loading");
    setDetail("");
    report.mutate(
      { startDate: startDate.toISOString(), endDate: endDate.toISOString(), therapistEmail },
      {
        onSuccess: (result) => {
          if (result.success === false || result.error) fail(result.error ?? result.message ?? REPORT_UNEXPECTED_ERROR);
          else setStatus("success");
        },
        onError: (err) => {
          setNeedsPremium(err instanceof ApiError && err.status === 403);
          fail(failureDetail(err));
        },
      },
    );
  }

  const busy = status === "loading";
  // A report covers days already written: the server refuses an end date in the future.
  const today = new Date();
  const pastDays = { disabled: { after: today }, endMonth: today };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogHeader>
        <DialogTitle>Send Therapist Report</DialogTitle>
        <DialogDescription>
          Send a summary of your journal entries for a period to your therapist by email.
        </DialogDescription>
      </DialogHeader>
      <p className="rounded-md bg-muted p-2 text-xs text-muted-foreground">{PREMIUM_ONLY_NOTE}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="report-start-date" label="Start Date">
          {({ id }) => (
            <DatePicker id={id} className="sm:w-full" value={startDate} onChange={setStartDate} disabled={busy} calendarProps={pastDays} />
          )}
        </FormField>
        <FormField id="report-end-date" label="End Date">
          {({ id }) => (
            <DatePicker id={id} className="sm:w-full" value={endDate} onChange={setEndDate} disabled={busy} calendarProps={pastDays} />
          )}
        </FormField>
      </div>
      <FormField id="report-email" label="Therapist Email">
        {(control) => (
          <Input
            {...control}
            type="email"
            placeholder="therapist@example.com"
            value={email}
            disabled={busy}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </FormField>
      {status === "loading" && (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {REPORT_GENERATING}
        </p>
      )}
      {status === "success" && (
        <p role="status" className="rounded-md bg-primary/10 p-3 text-sm text-primary">
          {REPORT_SENT}
        </p>
      )}
      {status === "error" && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm">
          <p className="font-medium text-destructive">{REPORT_FAILED}</p>
          <p>{detail}</p>
          {needsPremium && (
            <Button asChild size="sm" className="mt-2">
              <Link to={SUBSCRIPTION_PATH}>Upgrade to Premium</Link>
            </Button>
          )}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || status === "success"}>
          {busy ? "Generating..." : "Send Report"}
        </Button>
      </DialogFooter>
    </form>
  );
}
