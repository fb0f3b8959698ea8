import type { SelfAnalysis } from "@/features/journal/queries";

/**
 * Built-in example themes, shown by the Self Analysis dialog while there are fewer than 3 entries
 * (or the analysis came back empty). Every title is marked as an example.
 */
export const SAMPLE_ANALYSIS: SelfAnalysis = {
  patterns: [
    {
      title: "Example: Evening reflection",
      description: "You tend to write late in the day, looking back on what happened rather than planning ahead.",
      highlighted: ["Another long day, but I finally had time to sit down and think."],
      prompts: ["What would change if you wrote in the morning instead?", "Which moments of the day stay with you?"],
    },
    {
      title: "Example: Work on your mind",
      description: "Work comes up in most entries, even on days you meant to rest.",
      highlighted: ["Even on Sunday I kept going over the presentation."],
      prompts: ["What makes it hard to switch off?", "What would a truly restful day look like?"],
    },
  ],
  connections: [
    {
      title: "Example: Sleep and mood",
      description: "Entries after short nights sound more anxious and mention fewer plans.",
      highlighted: ["Slept badly again and everything felt heavier."],
      prompts: ["How does rest shape the way you see your day?", "What helps you sleep well?"],
    },
    {
      title: "Example: People and energy",
      description: "Time with close friends is often followed by your most hopeful entries.",
      highlighted: ["Dinner with Sam reminded me why I love this city."],
      prompts: ["Who leaves you feeling more like yourself?", "When did you last reach out to them?"],
    },
  ],
  growth: [
    {
      title: "Example: Setting boundaries",
      description: "You have started saying no to requests that used to drain you.",
      highlighted: ["I told them I could not take on another project, and it felt fine."],
      prompts: ["What did saying no make room for?", "Where else could a boundary help?"],
    },
    {
      title: "Example: Kinder self-talk",
      description: "Recent entries describe setbacks with more patience than earlier ones.",
      highlighted: ["It did not go as planned, and that is okay."],
      prompts: ["What would you tell a friend in the same situation?", "How has your inner voice changed?"],
    },
  ],
  reflections: [
    {
      title: "Example: What matters most",
      description: "A prompt to step back and look at your priorities.",
      highlighted: [],
      prompts: ["What are three things that truly mattered to you this week?", "What could you let go of?"],
    },
    {
      title: "Example: Looking ahead",
      description: "A prompt to imagine the next month with intention.",
      highlighted: [],
      prompts: ["What do you want to feel more of next month?", "What is one small step toward that?"],
    },
  ],
};
