import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { MobileBanner } from "@/features/shell/mobile-banner";
import { mockViewportWidth, renderInShell } from "@/features/shell/test-utils";
import { MOBILE_BANNER_SEEN_STORAGE_KEY } from "@/lib/constants";

const TITLE = "Reverie works best on desktop";
const TEXT = "Mobile version is optimized for quick entries only. For full features, please use a desktop computer.";

describe("MobileBanner", () => {
  it("shows on a window narrower than 768 px", () => {
    mockViewportWidth(767);
    renderInShell(<MobileBanner />);

    expect(screen.getByRole("region", { name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(TITLE)).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it("does not show at 768 px and wider", () => {
    mockViewportWidth(768);
    renderInShell(<MobileBanner />);

    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });

  it("dismisses, is remembered as seen, and stays dismissed after a remount", async () => {
    const user = userEvent.setup();
    mockViewportWidth(375);
    const { unmount } = renderInShell(<MobileBanner />);

    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
    expect(window.localStorage.getItem(MOBILE_BANNER_SEEN_STORAGE_KEY)).toBe("true");

    unmount();
    renderInShell(<MobileBanner />);
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument();
  });
});
