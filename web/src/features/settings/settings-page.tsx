import { useEffect, useRef, useState, type ReactNode } from "react";
import { DownloadIcon, LogOutIcon, ShieldAlertIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { UnsavedChangesDialog } from "@/components/unsaved-changes-dialog";
import { Label } from "@/components/ui/label";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { useAuth } from "@/features/auth/auth-context";
import { fetchAllEntries, useEntries, useGoals, useProjects, useTasks } from "@/features/journal/queries";
import { downloadFile, downloadSpaced, exportFiles, localDay } from "@/features/settings/export-csv";
import { ImportCard } from "@/features/settings/import-card";
import { MSG, serverMessage } from "@/features/settings/messages";
import {
  DEFAULT_PREFERENCES,
  frequencyLabel,
  readPreferences,
  writePreferences,
  type LocalPreferences,
} from "@/features/settings/preferences";
import { ChangePasswordForm } from "@/features/settings/change-password-form";
import { DeleteAccountDialog } from "@/features/settings/delete-account-dialog";
import { ProfileForm } from "@/features/settings/profile-form";
import { fetchExportArchive, useDeleteAccount, useUpdateProfile } from "@/features/settings/queries";
import { ResumeCard } from "@/features/settings/resume-card";
import { toast } from "@/hooks/use-toast";
import {
  ACCOUNT_DELETE_LOGOUT_DELAY_MS,
  APP_VERSION_TEXT,
  AUTO_PROMPT_FREQUENCY_STEP,
  UNSAVED_CHANGES_MESSAGE,
} from "@/lib/constants";
import { ApiError } from "@/lib/api/client";
import { useTheme } from "@/lib/theme";

const SESSION_ID_KEY = "settingsSessionId";

/** A short id of this browser session, shown in the footer to quote when asking for support. */
function sessionId(): string {
  try {
    const stored = window.sessionStorage.getItem(SESSION_ID_KEY);
    if (stored) return stored;
    const made = crypto.randomUUID().slice(0, 8);
    window.sessionStorage.setItem(SESSION_ID_KEY, made);
    return made;
  } catch {
    return "unavailable";
  }
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="font-serif text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SettingRow({ id, label, description, children }: {
  id: string;
  label: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

function DeleteAccount() {
  const { user, logout } = useAuth();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  async function confirm(currentPassword: string) {
    if (!user) {
      setConfirming(false);
      toast({ variant: "destructive", title: MSG.authRequiredTitle, description: MSG.authRequiredDelete });
      return;
    }
    try {
      await remove.mutateAsync({ currentPassword });
    } catch (error) {
      // A wrong password or the last admin's refusal is said in the dialog, which stays open.
      if (!(error instanceof ApiError && [400, 409, 429].includes(error.status))) {
        setConfirming(false);
        toast({
          variant: "destructive",
          title: MSG.deletionFailedTitle,
          description: serverMessage(error, MSG.deleteAccountError) || MSG.deleteAccountFailed,
        });
      }
      throw error;
    }
    setConfirming(false);
    toast({ title: MSG.accountDeletedTitle, description: MSG.accountDeleted });
    // The logout itself goes to / (spec: "after 2 s logout and go to /"), replacing /settings:
    // no stop at /auth on the way, and Back does not return to a signed-in screen.
    window.setTimeout(() => void logout({ to: "/" }), ACCOUNT_DELETE_LOGOUT_DELAY_MS);
  }

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <div className="flex items-center gap-2 font-medium text-destructive">
        <ShieldAlertIcon className="size-4" aria-hidden="true" />
        Danger Zone
      </div>
      <p className="text-sm text-muted-foreground">
        Deleting your account removes your entries, photos, tasks, insights, resume and everything else for good.
      </p>
      <Button
        variant="destructive"
        className="self-start"
        disabled={remove.isPending || remove.isSuccess}
        onClick={() => setConfirming(true)}
      >
        Delete Account
      </Button>
      <DeleteAccountDialog open={confirming} busy={remove.isPending} onOpenChange={setConfirming} onDelete={confirm} />
    </div>
  );
}

export function DataManagement() {
  const entries = useEntries();
  const tasks = useTasks();
  const projects = useProjects();
  const goals = useGoals();
  const [busy, setBusy] = useState(false);
  const hasEntries = (entries.data?.length ?? 0) > 0;

  async function exportCsv() {
    setBusy(true);
    try {
      // Every entry, not only the pages loaded so far.
      const [e, t, p, g] = await Promise.all([fetchAllEntries(), tasks.refetch(), projects.refetch(), goals.refetch()]);
      if (t.error || p.error || g.error) throw new Error("not loaded");
      const files = exportFiles(
        { entries: e, tasks: t.data ?? [], projects: p.data ?? [], goals: g.data ?? [] },
        localDay(),
      );
      await downloadSpaced(files);
      toast({ title: MSG.exportSuccessTitle, description: MSG.exportSuccess });
    } catch {
      toast({ variant: "destructive", title: MSG.exportFailedTitle, description: MSG.exportFailed });
    } finally {
      setBusy(false);
    }
  }

  async function exportEverything() {
    setBusy(true);
    try {
      const archive = await fetchExportArchive();
      downloadFile(`reverie-export-${localDay()}.zip`, archive, "application/zip");
      toast({ title: MSG.exportSuccessTitle, description: MSG.exportBackupSuccess });
    } catch {
      toast({ variant: "destructive", title: MSG.exportFailedTitle, description: MSG.exportFailed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Export your data</CardTitle>
        <CardDescription>
          Download your entries (with their times and places), tasks, projects and goals as four CSV files, or
          everything as a .zip: your photos, a Markdown note per entry that Obsidian and jrnl read, and one file with
          your moods, insights, personal story and resume that you can import into Reverie again.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void exportCsv()} disabled={!hasEntries || busy}>
            <DownloadIcon aria-hidden="true" />
            Export as CSV
          </Button>
          <Button variant="outline" onClick={() => void exportEverything()} disabled={!hasEntries || busy}>
            <DownloadIcon aria-hidden="true" />
            Export everything (.zip)
          </Button>
        </div>
        {entries.isError && !hasEntries ? (
          // Not "nothing to export": the entries are there, they could not be read just now.
          <p role="alert" className="text-sm text-muted-foreground">
            {MSG.exportEntriesUnreadable}{" "}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void entries.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          !entries.isPending &&
          !hasEntries && (
            <p className="text-sm text-muted-foreground">Write or import an entry first: there is nothing to export yet.</p>
          )
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /settings (spec part 2, section 2): Content Management, Account Management, Interface & AI,
 * Privacy, Data Management, then Reset to Defaults / Save Settings and the footer.
 */
export function SettingsPage() {
  const { logout, user } = useAuth();
  const { theme, setTheme } = useTheme();
  const updateProfile = useUpdateProfile();
  const [preferences, setPreferences] = useState<LocalPreferences>(readPreferences);
  const [saved, setSaved] = useState<LocalPreferences>(preferences);
  const [session] = useState(sessionId);
  const resumeRef = useRef<HTMLDivElement>(null);
  const unsaved = (Object.keys(saved) as (keyof LocalPreferences)[]).some((key) => preferences[key] !== saved[key]);

  // Switches and the slider wait for Save Settings (dark mode does not): leaving with changes asks
  // first, as the editor does, in the app and on a reload or close.
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = UNSAVED_CHANGES_MESSAGE;
      return UNSAVED_CHANGES_MESSAGE;
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);

  function change<K extends keyof LocalPreferences>(key: K, value: LocalPreferences[K]) {
    setPreferences((current) => ({ ...current, [key]: value }));
  }

  /** The theme follows at once; the account keeps the choice too (spec: toggled after success). */
  function changeDarkMode(dark: boolean) {
    setTheme(dark ? "dark" : "light");
    if (user) {
      updateProfile.mutate(
        { darkMode: dark },
        {
          onSuccess: (data) => {
            const wanted = data.user.darkMode ? "dark" : "light";
            if (wanted !== (dark ? "dark" : "light")) setTheme(wanted);
          },
        },
      );
    }
  }

  function save() {
    writePreferences(preferences);
    setSaved(preferences);
    toast({ title: MSG.settingsSavedTitle, description: MSG.settingsSaved });
  }

  function reset() {
    setPreferences(DEFAULT_PREFERENCES);
    setSaved(DEFAULT_PREFERENCES);
    writePreferences(DEFAULT_PREFERENCES);
    toast({ title: MSG.settingsResetTitle, description: MSG.settingsReset });
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-10 px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-2">
        <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">Settings</h1>
        <p className="text-muted-foreground">Manage your journal, your account and how Reverie works for you.</p>
      </header>

      <Section title="Content Management" id="settings-content">
        <ImportCard onScrollToResume={() => resumeRef.current?.scrollIntoView({ behavior: "smooth", block: "start" })} />
        <ResumeCard ref={resumeRef} />
      </Section>

      <Section title="Account Management" id="settings-account">
        <Button variant="outline" className="self-start md:hidden" onClick={() => void logout()}>
          <LogOutIcon aria-hidden="true" />
          Log Out
        </Button>
        <ProfileForm />
        <ChangePasswordForm />
      </Section>

      <Section title="Interface & AI" id="settings-interface">
        <Card>
          <CardContent className="flex flex-col gap-6">
            <SettingRow id="setting-dark-mode" label="Dark mode" description="Use the dark theme.">
              <Switch id="setting-dark-mode" checked={theme === "dark"} onCheckedChange={changeDarkMode} />
            </SettingRow>
            <SettingRow
              id="setting-notifications"
              label="Enable notifications"
              description="A gentle reminder when you have not written for a few days."
            >
              <Switch
                id="setting-notifications"
                checked={preferences.notifications}
                onCheckedChange={(checked) => change("notifications", checked)}
              />
            </SettingRow>
            <div className="flex flex-col gap-3">
              <div className="flex items-center justify-between gap-4">
                <div className="flex flex-col gap-1">
                  <Label id="setting-prompts-label">AI Smart Prompts</Label>
                  <p className="text-sm text-muted-foreground">How often insight prompts appear while you write.</p>
                </div>
                <span className="text-sm font-medium" data-testid="prompt-frequency-label">
                  {frequencyLabel(preferences.autoPromptFrequency)}
                </span>
              </div>
              <Slider
                aria-labelledby="setting-prompts-label"
                aria-label="AI Smart Prompts frequency"
                min={0}
                max={100}
                step={AUTO_PROMPT_FREQUENCY_STEP}
                value={[preferences.autoPromptFrequency]}
                onValueChange={([value]) => change("autoPromptFrequency", value ?? 0)}
              />
              <div className="flex justify-between text-xs text-muted-foreground" aria-hidden="true">
                <span>Off</span>
                <span>Low</span>
                <span>Medium</span>
                <span>High</span>
              </div>
            </div>
          </CardContent>
        </Card>
      </Section>

      <Section title="Privacy" id="settings-privacy">
        <Card>
          <CardContent className="flex flex-col gap-6">
            <SettingRow id="setting-privacy-mode" label="Privacy Mode" description="Blur content when inactive">
              <Switch
                id="setting-privacy-mode"
                checked={preferences.privacyMode}
                onCheckedChange={(checked) => change("privacyMode", checked)}
              />
            </SettingRow>
            <DeleteAccount />
            <div className="flex flex-col gap-1">
              <h3 className="font-medium">Data Privacy</h3>
              <p className="text-sm text-muted-foreground">
                Your journal is private. Entries are analysed on this server by default, and no one else can read
                them. You can export everything at any time, and deleting your account removes all of it.
              </p>
            </div>
          </CardContent>
        </Card>
      </Section>

      <Section title="Data Management" id="settings-data">
        <DataManagement />
      </Section>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={reset}>
          Reset to Defaults
        </Button>
        <Button onClick={save}>Save Settings</Button>
      </div>

      <footer className="flex flex-col gap-1 border-t pt-4 text-xs text-muted-foreground sm:flex-row sm:justify-between">
        <span>Version {APP_VERSION_TEXT}</span>
        <span>Session ID: {session}</span>
      </footer>

      <UnsavedChangesDialog when={unsaved} />
    </main>
  );
}
