/** Landing-page figures (spec part 2, section 1). */

/** "6 people journaling today": a static figure by design, not a live count. */
export const PEOPLE_JOURNALING_TODAY = 6;

/** Id of the features section that "Learn More" scrolls to. */
export const FEATURES_SECTION_ID = "features";

/** Features unlock as the journal grows (spec part 2, section 1): entries needed for each. */
export const FEATURE_UNLOCKS: readonly { feature: string; entries: number }[] = [
  { feature: "Tasks", entries: 1 },
  { feature: "Projects", entries: 2 },
  { feature: "Goals", entries: 3 },
  { feature: "Personal story", entries: 4 },
];
