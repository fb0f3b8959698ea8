import { DownloadIcon, EyeOffIcon, KeyRoundIcon, ServerIcon, type LucideIcon } from "lucide-react";
import { Link } from "react-router";

import { SUPPORT_EMAIL } from "@/features/legal/legal-constants";
import { StaticPageLayout, StaticSection } from "@/features/static/static-page-layout";
import { PRODUCT_NAME } from "@/lib/constants";

/** Id of the data-safety section, the target of /about#data-safety. */
export const DATA_SAFETY_SECTION_ID = "data-safety";

const SAFETY_POINTS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ServerIcon,
    title: "Local AI by default",
    text: `The AI that reads your entries runs on ${PRODUCT_NAME}'s own server by default, so no journal text leaves it. If the operator connects a third-party AI provider instead, entry text is sent to that provider for analysis.`,
  },
  {
    icon: EyeOffIcon,
    title: "Privacy mode on by default",
    text: "Your journal blurs itself when you step away from the screen. You can turn this off in Settings.",
  },
  {
    icon: KeyRoundIcon,
    title: "Protected accounts",
    text: "Passwords and session tokens are stored only as one-way hashes, and your session lives in a cookie that page scripts cannot read.",
  },
  {
    icon: DownloadIcon,
    title: "Yours to take or erase",
    text: "Export your entries, tasks, projects and goals as CSV files at any time, or delete your account and its data from Settings.",
  },
];

/** /about (spec part 2, section 2): the story, a data-safety section (#data-safety) and legal links. */
export function AboutPage() {
  return (
    <StaticPageLayout
      title={`About ${PRODUCT_NAME}`}
      showBackToHome
      intro={
        <p>
          {PRODUCT_NAME} is a private, AI-assisted journal. You write; it helps you notice what your own words are
          telling you.
        </p>
      }
    >
      <div className="space-y-12">
        <StaticSection id="our-story" title="Our Story">
          <p>
            {PRODUCT_NAME} was built by a cognitive scientist who kept returning to one question: why do we so rarely
            learn from our own experience? Most of us already know, somewhere, what drains us, what we keep putting
            off and what we care about. It is simply scattered across weeks of days that blur together.
          </p>
          <p>
            Writing helps. Putting experiences into words is one of the most studied ways of making sense of them.
            But journals are rarely reread, and the patterns in them stay hidden. {PRODUCT_NAME} is an attempt to
            close that gap: a calm place to write, with an AI that quietly turns entries into tasks, patterns and a
            personal story, and hands them back to you.
          </p>
          <p>
            We keep it deliberately modest. {PRODUCT_NAME} is a tool for reflection, not a therapist and not a judge.
            Its suggestions are starting points for your own thinking.
          </p>
        </StaticSection>

        <StaticSection id="what-it-does" title="What It Does">
          <ul>
            <li>Organises the tasks in your entries by priority and time horizon.</li>
            <li>Suggests a short daily to-do list, with a maximum of 2 essential tasks per week.</li>
            <li>Spots contradictions in your thinking and recurring patterns across entries.</li>
            <li>Nudges you when your entries show signs of burnout.</li>
            <li>Helps you find purpose through the themes you keep coming back to.</li>
          </ul>
          <p>
            Features unlock progressively as you write: Tasks after your first entry, Projects after 2, Goals after
            3, and your personal story after 4.
          </p>
        </StaticSection>

        <section id={DATA_SAFETY_SECTION_ID} aria-labelledby="data-safety-title" className="scroll-mt-24">
          <h2 id="data-safety-title" className="mb-3 font-serif text-2xl font-semibold tracking-tight">
            Data Safety
          </h2>
          <p className="leading-relaxed text-muted-foreground">
            You should be able to write honestly without wondering who else is reading. Here is how {PRODUCT_NAME}{" "}
            looks after your journal.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {SAFETY_POINTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border bg-card/50 p-5">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-primary/15 text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-3 font-semibold">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 leading-relaxed text-muted-foreground">
            We do not sell your data, show advertising or use your entries to train AI models.
          </p>
        </section>

        <StaticSection id="legal" title="Legal">
          <p>The details are in our policies:</p>
          <ul>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms-of-service">Terms of Service</Link>
            </li>
          </ul>
          <p>
            Questions? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        </StaticSection>
      </div>
    </StaticPageLayout>
  );
}
