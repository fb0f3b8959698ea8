import { useEffect, useId, useState } from "react";
import { DownloadIcon, ShareIcon, SquarePlusIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { readFlag, setFlag } from "@/features/shell/storage";
import { INSTALL_PROMPTED_STORAGE_KEY, PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/utils";

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

/** iPhone, iPod, iPad, and iPadOS 13+ which presents itself as a Mac with a touch screen. */
export function isIosDevice(nav: Navigator = window.navigator): boolean {
  if (/iPhone|iPad|iPod/i.test(nav.userAgent)) return true;
  return /Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1;
}

/** Already running as an installed app (home-screen icon on iOS, standalone window elsewhere). */
export function isStandalone(): boolean {
  const iosStandalone = (window.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia("(display-mode: standalone)").matches;
}

type Mode = "hidden" | "ios" | "install";

function initialMode(): Mode {
  if (readFlag(INSTALL_PROMPTED_STORAGE_KEY) || isStandalone()) return "hidden";
  // iOS has no install event: the bar explains the Share-sheet route instead.
  return isIosDevice() ? "ios" : "hidden";
}

/**
 * The "Add to Home Screen" bar (spec part 1, "Layout"): on a phone a card at the top of the page, in
 * its flow (no fixed bar may cover a control), on desktop near the corner. On iOS it explains Share, then Add to
 * Home Screen. Elsewhere it appears only once the browser fires `beforeinstallprompt` (the
 * browser's own mini-infobar is suppressed and the event kept) and its Install button opens the
 * browser's install dialog. Installing or dismissing is remembered (installPrompted) and the bar
 * never comes back; later install events are still suppressed so the browser does not nag
 * either — the browser menu keeps its own Install entry.
 */
export function InstallPrompt({ className }: { className?: string }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const titleId = useId();

  useEffect(() => {
    function onBeforeInstallPrompt(event: Event) {
      event.preventDefault();
      if (readFlag(INSTALL_PROMPTED_STORAGE_KEY)) return;
      setInstallEvent(event as BeforeInstallPromptEvent);
      setMode("install");
    }
    function onInstalled() {
      setFlag(INSTALL_PROMPTED_STORAGE_KEY);
      setInstallEvent(null);
      setMode("hidden");
    }

    window.addEventListener("beforeinstallprompt", onBeforeInstallPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onBeforeInstallPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (mode === "hidden") return null;

  function close() {
    setFlag(INSTALL_PROMPTED_STORAGE_KEY);
    setInstallEvent(null);
    setMode("hidden");
  }

  async function install() {
    const event = installEvent;
    // The event can be used once, whatever the user answers in the browser's dialog.
    close();
    if (!event) return;
    try {
      await event.prompt();
      await event.userChoice;
    } catch {
      // The browser refused to show its dialog (for instance, already shown); nothing to undo.
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      data-testid="install-prompt"
      className={cn(
        "rounded-xl border bg-card p-3 text-card-foreground shadow-lg",
        // On a phone it is part of the page, under the header (never over the editor's buttons, the
        // way a bar floating above the bottom bar was); on desktop a card near the corner.
        "mx-3 mt-3 md:fixed md:right-6 md:bottom-6 md:z-30 md:mx-0 md:mt-0 md:w-96",
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <SquarePlusIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex-1 text-sm">
          <p id={titleId} className="font-semibold">
            Add to Home Screen
          </p>
          {mode === "ios" ? (
            <p className="mt-0.5 text-muted-foreground">
              Tap the Share button <ShareIcon className="inline size-4 align-text-bottom" aria-hidden="true" />{" "}
              then choose ‘Add to Home Screen’ to open {PRODUCT_NAME} like an app.
            </p>
          ) : (
            <p className="mt-0.5 text-muted-foreground">
              Install {PRODUCT_NAME} for quick access to your journal.
            </p>
          )}
          {mode === "install" && (
            <Button size="sm" className="mt-2" onClick={() => void install()}>
              <DownloadIcon aria-hidden="true" />
              Install
            </Button>
          )}
        </div>
        <Button variant="ghost" size="icon-sm" onClick={close} aria-label="Dismiss install prompt" className="-mt-1 -mr-1">
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
