/** The settings screen's user-visible texts (spec part 2, sections 2, 4, 5 and 8), in one place. */
import { serverMessage as apiServerMessage } from "@/lib/api/client";

export const MSG = {
  exportEntriesUnreadable: "Your entries could not be loaded, so there is nothing to export right now.",
  emptyContentTitle: "Empty Content",
  emptyContent: "Please paste your journal content or choose a file to import.",
  authRequiredTitle: "Authentication Required",
  sessionExpired: "Your session has expired. Please refresh the page and log in again before importing.",
  sessionExpiredUpload: "Your session has expired. Please refresh the page and log in again before uploading.",
  authRequiredProfile: "Please log in to update your profile.",
  authRequiredDelete: "Please log in to delete your account.",
  authRequiredResume: "Please log in to manage your resume.",
  importFailedTitle: "Import Failed",
  authErrorTitle: "Authentication Error",
  noEntriesTitle: "No Entries Imported",
  noEntries: "No journal entries were found in the provided content. Please check the format and try again.",
  startingImportTitle: "Starting Import",
  startingImport: "Importing your journal entries...",
  importSuccessTitle: "Import Successful",
  importingTitle: "Importing Journal",
  unsupportedTitle: "Unsupported File Type",
  unsupportedResume: "Please choose a .txt, .pdf, .doc or .docx file.",
  unsupportedImport: "Please choose a .zip, .json, .csv, .txt, .md or .journal file, as the app exported it.",
  uploadFailedTitle: "Upload Failed",
  resumeUploadedTitle: "Resume Uploaded",
  resumeUploaded: "Your resume has been saved. Your career insights will use it.",
  resumeDeletedTitle: "Resume Deleted",
  resumeDeleted: "Your resume has been removed.",
  resumeUploadedStatus: "Resume uploaded successfully",
  deletionFailedTitle: "Deletion Failed",
  deleteAccountFailed: "Failed to delete account",
  deleteAccountError: "There was an error deleting your account.",
  accountDeletedTitle: "Account Deleted",
  accountDeleted: "Your account and all of your data have been permanently deleted.",
  profileUpdatedTitle: "Profile Updated",
  profileUpdated: "Your profile has been updated.",
  updateFailedTitle: "Update Failed",
  updateFailed: "There was an error updating your profile.",
  usernameShort: "Username must be at least 3 characters",
  passwordChangedTitle: "Password Changed",
  passwordChanged: "Your password has been updated. Any other devices you were signed in on have been signed out.",
  passwordChangeFailedTitle: "Password Not Changed",
  passwordChangeFailed: "There was an error changing your password. Please try again.",
  currentPasswordRequired: "Please enter your current password.",
  passwordShort: "Password must be at least 6 characters",
  passwordsDoNotMatch: "Passwords do not match",
  emailChangedTitle: "E-mail Changed",
  emailChangeFailedTitle: "E-mail Not Changed",
  emailChangeFailed: "There was an error changing your e-mail address. Please try again.",
  exportSuccessTitle: "Data Export Successful",
  exportSuccess: "Your entries, tasks, projects and goals were downloaded as four CSV files.",
  exportBackupSuccess:
    "Your whole journal was downloaded as a .zip: your photos, a Markdown note per entry, and a file you can import again.",
  exportFailedTitle: "Export Failed",
  exportFailed: "There was an error exporting your data. Please try again.",
  settingsSavedTitle: "Settings Saved",
  settingsSaved: "Your preferences have been saved.",
  settingsResetTitle: "Settings Reset",
  settingsReset: "Your preferences are back to their defaults.",
} as const;

/** After a confirmed change of the account's e-mail address. */
export function emailChangedMessage(email: string): string {
  return `Your e-mail address is now ${email}. A notice went to the old one.`;
}

/** "Imported N journal entry/entries..." */
export function importedMessage(count: number): string {
  return `Imported ${count} journal ${count === 1 ? "entry" : "entries"}. Their analysis has started.`;
}

/** The days the imported entries were given (MM/DD/YYYY), so a date read another way than meant shows. */
export function importedDates(first: string, last: string): string {
  return first === last
    ? `Dated ${first}: check this is the day you meant.`
    : `Dated ${first} to ${last}: check these are the days you meant.`;
}

/** An import whose entries were all in the journal already (same day, same text): none added. */
export function alreadyImportedMessage(skipped: number): string {
  return skipped === 1
    ? "That entry is already in your journal, so nothing new was imported."
    : `All ${skipped} entries are already in your journal, so nothing new was imported.`;
}

/** The server's own `error` text when there is one, else the error's message. */
export function serverMessage(error: unknown, fallback: string): string {
  return apiServerMessage(error) ?? (error instanceof Error && error.message ? error.message : fallback);
}
