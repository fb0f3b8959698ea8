import type { ReactNode } from "react";

import { SUPPORT_EMAIL } from "@/features/legal/legal-constants";
import { PRODUCT_NAME } from "@/lib/constants";
import { cn } from "@/lib/utils";

/** The date shown as "Last updated" on the terms (spec part 2, section 2): "April 23, 2025". */
export { TERMS_LAST_UPDATED } from "@/features/legal/legal-constants";

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

const P = ({ children }: { children: ReactNode }) => <p>{children}</p>;

/**
 * The 13 sections of the terms of service (spec part 1, section 2, "Terms screen").
 * The spec's "AI analysis by a third-party AI provider" is phrased honestly for this product: the
 * AI runs on Reverie's own server by default, and entry text reaches a third party only if the
 * operator configures an external OpenAI-compatible provider.
 */
const SECTIONS: TermsSection[] = [
  {
    id: "introduction",
    title: "Introduction",
    body: (
      <>
        <P>
          Welcome to {PRODUCT_NAME}. These Terms of Service (the “Terms”) govern your access to and use of the{" "}
          {PRODUCT_NAME} journaling application, its website and related services (together, the “Service”).
        </P>
        <P>
          By creating an account or using the Service, you agree to be bound by these Terms. If you do not agree,
          please do not use the Service.
        </P>
      </>
    ),
  },
  {
    id: "service-description",
    title: "Service Description",
    body: (
      <>
        <P>{PRODUCT_NAME} is a reflective journal that helps you understand your own thinking. The Service offers:</P>
        <ul>
          <li>writing and managing dated journal entries;</li>
          <li>AI analysis of your entries;</li>
          <li>extraction of tasks from what you write;</li>
          <li>project and goal tracking;</li>
          <li>generation of a personal profile;</li>
          <li>insights and pattern recognition across your entries; and</li>
          <li>export of your data.</li>
        </ul>
        <P>
          The Service is a tool for self-reflection. It is not medical, psychological, legal or financial advice, and
          it is not a substitute for professional care.
        </P>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    body: (
      <>
        <P>
          To use the Service you must create an account and accept these Terms. You agree to provide accurate
          information, to keep your password confidential, and to tell us promptly if you believe your account has
          been used without your permission.
        </P>
        <P>You are responsible for all activity that takes place under your account.</P>
      </>
    ),
  },
  {
    id: "privacy-and-data-use",
    title: "Privacy and Data Use",
    body: (
      <>
        <P>
          Your journal belongs to you. We use the content you write only to provide the Service to you: to store your
          entries, analyse them and show you the results. We do not sell your data and we do not use your entries for
          advertising.
        </P>
        <P>
          You can export your entries, tasks, projects and goals at any time, and you can delete your account and its
          data from your settings. Our Privacy Policy explains in more detail what we collect and how we handle it.
        </P>
      </>
    ),
  },
  {
    id: "ai-analysis",
    title: "AI Analysis",
    body: (
      <>
        <P>
          Your entries are analysed by an AI provider, which by default runs on {PRODUCT_NAME}'s own server; if the
          operator configures a third-party provider, entry text is sent to it for analysis.
        </P>
        <P>
          AI output such as highlights, moods, tasks, insights and profiles is generated automatically and may be
          incomplete or wrong. Treat it as a prompt for your own reflection, not as a judgement about you, and use
          your own discretion before acting on it.
        </P>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use",
    body: (
      <>
        <P>You agree not to:</P>
        <ul>
          <li>use the Service for any unlawful purpose or to store unlawful content;</li>
          <li>attempt to access other users' accounts or data;</li>
          <li>interfere with, overload or probe the security of the Service; or</li>
          <li>copy, resell or automate access to the Service in ways it was not designed for.</li>
        </ul>
      </>
    ),
  },
  {
    id: "data-security",
    title: "Data Security",
    body: (
      <P>
        We take reasonable technical and organisational measures to protect your data, including encrypted
        connections and access controls. No system is perfectly secure, however, and we cannot guarantee that your
        data will never be accessed without authorisation. Please choose a strong password and keep it private.
      </P>
    ),
  },
  {
    id: "feature-availability",
    title: "Feature Availability",
    body: (
      <>
        <P>
          Some features unlock progressively as you write, so that they have enough material to be useful: Tasks after
          1 entry, Projects after 2, Goals after 3, and Profile after 4.
        </P>
        <P>
          Certain features may be limited on the free tier or reserved for premium accounts. We may add, change or
          remove features over time.
        </P>
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual Property",
    body: (
      <P>
        You keep all rights to the content you write. You grant us only the limited permission needed to store,
        process and display that content in order to provide the Service to you. The Service itself, including its
        software, design and branding, remains the property of {PRODUCT_NAME} and its licensors.
      </P>
    ),
  },
  {
    id: "limitation-of-liability",
    title: "Limitation of Liability",
    body: (
      <P>
        The Service is provided “as is” and “as available”, without warranties of any kind. To the fullest extent
        permitted by law, {PRODUCT_NAME} is not liable for any indirect, incidental or consequential damages, or for
        any loss of data, arising from your use of the Service or from decisions you make based on its output.
      </P>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <P>
        You may stop using the Service and delete your account at any time. We may suspend or close accounts that
        violate these Terms. Before you leave, you can export your data from your settings.
      </P>
    ),
  },
  {
    id: "changes-to-these-terms",
    title: "Changes to These Terms",
    body: (
      <P>
        We may update these Terms from time to time. When we do, we will change the “Last updated” date and, for
        significant changes, let you know in the app. Continuing to use the Service after a change means you accept
        the updated Terms.
      </P>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <P>
        Questions about these Terms? Write to us at{" "}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {SUPPORT_EMAIL}
        </a>
        .
      </P>
    ),
  },
];

/** Number of sections in the terms of service. */
export const TERMS_SECTION_COUNT = SECTIONS.length;

/**
 * Renders the 13 numbered sections of the terms of service, each under an `h2` (or the level given).
 * Used by the /terms-of-service page and the terms-agreement screen.
 */
export function TermsSections({
  className,
  headingLevel = 2,
}: {
  className?: string;
  /** Heading level for the section titles (2 by default). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <div data-slot="terms-sections" className={cn("space-y-8", className)}>
      {SECTIONS.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`terms-${section.id}`} className="scroll-mt-24">
          <Heading id={`terms-${section.id}`} className="mb-3 font-serif text-xl font-semibold tracking-tight">
            {index + 1}. {section.title}
          </Heading>
          <div className="space-y-3 leading-relaxed text-muted-foreground [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6">
            {section.body}
          </div>
        </section>
      ))}
    </div>
  );
}
