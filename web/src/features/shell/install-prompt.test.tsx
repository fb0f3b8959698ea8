import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { InstallPrompt, type BeforeInstallPromptEvent } from "@/features/shell/install-prompt";
import { INSTALL_PROMPTED_STORAGE_KEY } from "@/lib/constants";

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DESKTOP_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36";

function useUserAgent(userAgent: string) {
  vi.spyOn(window.navigator, "userAgent", "get").mockReturnValue(userAgent);
}

function fireBeforeInstallPrompt() {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome: "accepted", platform: "web" }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

function bar() {
  return screen.queryByRole("region", { name: "Add to Home Screen" });
}

describe("InstallPrompt", () => {
  it("stays hidden on desktop Chromium until the browser offers installation", () => {
    useUserAgent(DESKTOP_CHROME_UA);
    render(<InstallPrompt />);

    expect(bar()).not.toBeInTheDocument();
  });

  it("on iOS explains Share then Add to Home Screen, and remembers a dismissal", async () => {
    const user = userEvent.setup();
    useUserAgent(IPHONE_UA);
    const { unmount } = render(<InstallPrompt />);

    expect(bar()).toBeInTheDocument();
    expect(bar()).toHaveTextContent(/Tap the Share button then choose ‘Add to Home Screen’/);
    expect(screen.queryByRole("button", { name: "Install" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Dismiss install prompt" }));
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_PROMPTED_STORAGE_KEY)).toBe("true");

    unmount();
    render(<InstallPrompt />);
    expect(bar()).not.toBeInTheDocument();
  });

  it("does not show on iOS when already running from the home screen", () => {
    useUserAgent(IPHONE_UA);
    Object.defineProperty(window.navigator, "standalone", { value: true, configurable: true });
    try {
      render(<InstallPrompt />);
      expect(bar()).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window.navigator, "standalone");
    }
  });

  it("appears on beforeinstallprompt, keeps the event, and Install opens the browser's dialog", async () => {
    const user = userEvent.setup();
    useUserAgent(DESKTOP_CHROME_UA);
    const { unmount } = render(<InstallPrompt />);

    const { event, prompt } = fireBeforeInstallPrompt();
    expect(event.defaultPrevented).toBe(true);
    expect(bar()).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Install" }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_PROMPTED_STORAGE_KEY)).toBe("true");

    unmount();
    render(<InstallPrompt />);
    fireBeforeInstallPrompt();
    expect(bar()).not.toBeInTheDocument();
  });

  it("is never shown again once dismissed after beforeinstallprompt", async () => {
    const user = userEvent.setup();
    useUserAgent(DESKTOP_CHROME_UA);
    const { unmount } = render(<InstallPrompt />);

    const { prompt } = fireBeforeInstallPrompt();
    await user.click(screen.getByRole("button", { name: "Dismiss install prompt" }));
    expect(prompt).not.toHaveBeenCalled();
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_PROMPTED_STORAGE_KEY)).toBe("true");

    unmount();
    render(<InstallPrompt />);
    const again = fireBeforeInstallPrompt();
    // Still suppressed, so the browser does not show its own banner either.
    expect(again.event.defaultPrevented).toBe(true);
    expect(bar()).not.toBeInTheDocument();
  });

  it("hides and remembers when the app gets installed from the browser menu", () => {
    useUserAgent(DESKTOP_CHROME_UA);
    render(<InstallPrompt />);
    fireBeforeInstallPrompt();
    expect(bar()).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event("appinstalled"));
    });
    expect(bar()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(INSTALL_PROMPTED_STORAGE_KEY)).toBe("true");
  });
});
