import { useId, useState } from "react";
import { BriefcaseIcon, SparklesIcon, XIcon } from "lucide-react";
import { Link } from "react-router";

import { Button } from "@/components/ui/button";
import { useHasResume } from "@/features/journal/banners/resume";
import { useEntries } from "@/features/journal/queries";
import { readFlag, setFlag } from "@/features/shell/storage";
import { PRODUCT_NAME, SETTINGS_PATH, SMART_BANNER_DISMISSED_STORAGE_KEY } from "@/lib/constants";

/**
 * The journal home's dismissible smart banner (spec part 1, section 2): with no entries 'Get
 * Started with Reverie' and Import Journal; with entries but no resume 'Enhance your Career
 * Insights' and Upload CV (both to /settings). Hidden once dismissed (localStorage
 * smartBannerDismissed) or once entries and a resume both exist.
 */
export function SmartBanner() {
  const [dismissed, setDismissed] = useState(() => readFlag(SMART_BANNER_DISMISSED_STORAGE_KEY));
  const entries = useEntries();
  const hasEntries = (entries.data?.length ?? 0) > 0;
  const resume = useHasResume(!dismissed && entries.isSuccess && hasEntries);
  const titleId = useId();

  if (dismissed || !entries.isSuccess) return null;
  if (hasEntries && (resume.isPending || resume.data === true)) return null;

  function dismiss() {
    setFlag(SMART_BANNER_DISMISSED_STORAGE_KEY);
    setDismissed(true);
  }

  const content = hasEntries
    ? {
        icon: BriefcaseIcon,
        title: "Enhance your Career Insights",
        body: "Upload your CV to get more personalised career insights from your journal.",
        action: "Upload CV",
      }
    : {
        icon: SparklesIcon,
        title: `Get Started with ${PRODUCT_NAME}`,
        body: "Write your first entry below, or bring in what you have already written.",
        action: "Import Journal",
      };
  const Icon = content.icon;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border bg-primary/5 p-4">
      <div className="flex items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex-1">
          <h2 id={titleId} className="font-semibold">
            {content.title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{content.body}</p>
          <Button asChild size="sm" className="mt-3">
            <Link to={SETTINGS_PATH}>{content.action}</Link>
          </Button>
        </div>
        <Button variant="ghost" size="icon-sm" onClick={dismiss} aria-label="Dismiss" className="-mt-1 -mr-1">
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
