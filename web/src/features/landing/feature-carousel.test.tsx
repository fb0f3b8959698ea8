import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { CAROUSEL_FEATURES, FeatureCarousel, wrapIndex } from "@/features/landing/feature-carousel";

const titles = CAROUSEL_FEATURES.map((feature) => feature.title);

/** The one slide not hidden from assistive technology. */
function visibleSlide() {
  return screen.getByRole("group", { name: /^Feature \d of 5$/ });
}

function expectShowing(index: number) {
  const slide = visibleSlide();
  expect(slide).toHaveAccessibleName(`Feature ${index + 1} of 5`);
  expect(within(slide).getByRole("heading", { name: titles[index] })).toBeInTheDocument();
  expect(screen.getByTestId("feature-carousel-status")).toHaveTextContent(
    `Feature ${index + 1} of 5: ${titles[index]}`,
  );
  expect(screen.getByRole("button", { name: `Go to feature ${index + 1}` })).toHaveAttribute("aria-current", "true");
}

describe("FeatureCarousel", () => {
  it("has five features, starting with the first", () => {
    render(<FeatureCarousel />);

    expect(CAROUSEL_FEATURES).toHaveLength(5);
    expect(screen.getAllByRole("button", { name: /^Go to feature \d$/ })).toHaveLength(5);
    expectShowing(0);
  });

  it("wraps from the last feature to the first with Next", async () => {
    const user = userEvent.setup();
    render(<FeatureCarousel />);

    const next = screen.getByRole("button", { name: "Next feature" });
    for (let index = 1; index < 5; index += 1) {
      await user.click(next);
      expectShowing(index);
    }
    await user.click(next);
    expectShowing(0);
  });

  it("wraps from the first feature to the last with Previous", async () => {
    const user = userEvent.setup();
    render(<FeatureCarousel />);

    await user.click(screen.getByRole("button", { name: "Previous feature" }));
    expectShowing(4);
    await user.click(screen.getByRole("button", { name: "Previous feature" }));
    expectShowing(3);
  });

  it("selects a feature with its dot", async () => {
    const user = userEvent.setup();
    render(<FeatureCarousel />);

    await user.click(screen.getByRole("button", { name: "Go to feature 3" }));
    expectShowing(2);
    expect(screen.getByRole("button", { name: "Go to feature 1" })).not.toHaveAttribute("aria-current");

    await user.click(screen.getByRole("button", { name: "Go to feature 5" }));
    expectShowing(4);
  });

  it("moves with the arrow keys while focus is inside", async () => {
    const user = userEvent.setup();
    render(<FeatureCarousel />);

    screen.getByRole("button", { name: "Next feature" }).focus();
    await user.keyboard("{ArrowLeft}");
    expectShowing(4);
    await user.keyboard("{ArrowRight}{ArrowRight}");
    expectShowing(1);
  });

  it("computes wrapped indexes", () => {
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(2, 5)).toBe(2);
  });
});
