import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { TERMS_LAST_UPDATED, TermsSections } from "@/features/legal/terms-content";

const HEADINGS = [
  "1. Introduction",
  "2. Service Description",
  "3. Accounts",
  "4. Privacy and Data Use",
  "5. AI Analysis",
  "6. Acceptable Use",
  "7. Data Security",
  "8. Feature Availability",
  "9. Intellectual Property",
  "10. Limitation of Liability",
  "11. Termination",
  "12. Changes to These Terms",
  "13. Contact",
];

describe("TermsSections", () => {
  it("renders the 13 numbered section headings in order", () => {
    render(<TermsSections />);

    const headings = screen.getAllByRole("heading", { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(HEADINGS);
  });

  it("can render its headings one level lower", () => {
    render(<TermsSections headingLevel={3} />);

    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(13);
  });

  it("states the progressive unlocking and the AI provider honestly", () => {
    render(<TermsSections />);

    expect(screen.getByText(/Tasks after 1 entry, Projects after 2, Goals after 3, and Profile after 4/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /by default runs on Reverie's own server; if the operator configures a third-party provider, entry text is sent to it for analysis/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/create an account and accept these Terms/)).toBeInTheDocument();
  });

  it("was last updated on April 23, 2025", () => {
    expect(TERMS_LAST_UPDATED).toBe("April 23, 2025");
  });
});
