import { Link } from "react-router";

import { PRIVACY_POLICY_LAST_UPDATED, SUPPORT_EMAIL } from "@/features/legal/legal-constants";
import { StaticPageLayout, StaticSection } from "@/features/static/static-page-layout";
import { PRODUCT_NAME } from "@/lib/constants";

/** /privacy-policy (spec part 2, section 2): last updated April 23, 2025, with a Back to Home button. */
export function PrivacyPolicyPage() {
  return (
    <StaticPageLayout
      title="Privacy Policy"
      lastUpdated={PRIVACY_POLICY_LAST_UPDATED}
      showBackToHome
      intro={
        <p>
          A journal holds some of the most personal things you will ever write. This policy explains what{" "}
          {PRODUCT_NAME} collects, why, where it goes, and how you stay in control of it.
        </p>
      }
    >
      <div className="space-y-10">
        <StaticSection id="information-we-collect" title="1. Information We Collect">
          <ul>
            <li>
              <strong>Account details:</strong> your username, email address and password. Passwords are stored only
              as a strong one-way hash; we can never read them.
            </li>
            <li>
              <strong>Your journal:</strong> the entries you write, photos you attach, your chats with your journal,
              and what the AI derives from them, such as highlights, moods, tasks, projects, goals, insights and your
              personal profile.
            </li>
            <li>
              <strong>Onboarding answers:</strong> the journaling habits you describe when you register, used to tailor
              the app to you.
            </li>
            <li>
              <strong>Preferences:</strong> settings such as dark mode, privacy mode and notifications, stored in your
              browser.
            </li>
            <li>
              <strong>Technical data:</strong> a session cookie that keeps you signed in, and basic server logs (such as
              request times and errors) that keep the service running and secure.
            </li>
          </ul>
        </StaticSection>

        <StaticSection id="how-we-use-it" title="2. How We Use Your Information">
          <p>We use your information only to provide {PRODUCT_NAME} to you:</p>
          <ul>
            <li>to store your journal and show it back to you;</li>
            <li>to analyse your entries and generate tasks, insights, patterns and your personal story;</li>
            <li>
              to send the emails the service needs, such as verification codes, password reset links and reports you
              choose to send; and
            </li>
            <li>to protect your account and the service from abuse.</li>
          </ul>
          <p>
            We do not sell your data, we do not show you advertising, and we do not use your entries to train AI
            models.
          </p>
        </StaticSection>

        <StaticSection id="ai-processing" title="3. AI Processing">
          <p>
            Your entries are analysed by an AI provider, which by default runs on {PRODUCT_NAME}&apos;s own server; if
            the operator configures a third-party provider, entry text is sent to it for analysis. In that case the
            provider receives only what it needs to produce the analysis, and its own terms govern how it handles that
            text.
          </p>
          <p>
            AI output is generated automatically and can be wrong. It is meant to support your own reflection, not to
            replace professional advice.
          </p>
        </StaticSection>

        <StaticSection id="sharing" title="4. When Information Is Shared">
          <p>We share your information only:</p>
          <ul>
            <li>with a third-party AI provider, if the operator has configured one, as described above;</li>
            <li>with the email service that delivers messages you need or ask for; or</li>
            <li>when the law requires it, and then only as much as it requires.</li>
          </ul>
        </StaticSection>

        <StaticSection id="your-choices" title="5. Your Choices and Control">
          <ul>
            <li>
              <strong>Privacy mode</strong> is on by default and blurs your journal when you step away.
            </li>
            <li>
              <strong>Export:</strong> download your entries, tasks, projects and goals as CSV files from Settings at
              any time.
            </li>
            <li>
              <strong>Deletion:</strong> delete your account from Settings. Your account and the journal data linked to
              it are then removed.
            </li>
            <li>
              <strong>Correction:</strong> edit or delete individual entries whenever you like.
            </li>
          </ul>
        </StaticSection>

        <StaticSection id="cookies" title="6. Cookies and Local Storage">
          <p>
            {PRODUCT_NAME} uses one essential cookie to keep you signed in. Your preferences are kept in your
            browser&apos;s local storage. We use no advertising or third-party tracking cookies.
          </p>
        </StaticSection>

        <StaticSection id="security" title="7. Security">
          <p>
            We protect your data with encrypted connections, hashed passwords and session tokens, and strict access
            controls. No system is perfectly secure, so please use a strong, unique password. You can read more in{" "}
            <Link to="/about#data-safety">how we keep your data safe</Link>.
          </p>
        </StaticSection>

        <StaticSection id="children" title="8. Children">
          <p>
            {PRODUCT_NAME} is not intended for children under 16, and we do not knowingly collect their information.
          </p>
        </StaticSection>

        <StaticSection id="changes" title="9. Changes to This Policy">
          <p>
            If we change this policy, we will update the date at the top of this page and, for significant changes,
            let you know in the app.
          </p>
        </StaticSection>

        <StaticSection id="contact" title="10. Contact">
          <p>
            Questions or requests about your data? Write to us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            See also our <Link to="/terms-of-service">Terms of Service</Link>.
          </p>
        </StaticSection>
      </div>
    </StaticPageLayout>
  );
}
