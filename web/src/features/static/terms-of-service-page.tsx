import { TERMS_LAST_UPDATED, TermsSections } from "@/features/legal/terms-content";
import { StaticPageLayout } from "@/features/static/static-page-layout";
import { PRODUCT_NAME } from "@/lib/constants";

/** /terms-of-service: the same 13 sections as the terms-agreement screen (spec part 2, section 2). */
export function TermsOfServicePage() {
  return (
    <StaticPageLayout
      title="Terms of Service"
      lastUpdated={TERMS_LAST_UPDATED}
      showBackToHome
      intro={<p>Please read these terms carefully. They explain what {PRODUCT_NAME} offers and what we ask of you.</p>}
    >
      <TermsSections />
    </StaticPageLayout>
  );
}
