import { useId, useState } from "react";
import { MonitorIcon, XIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { readFlag, setFlag } from "@/features/shell/storage";
import { useIsMobile } from "@/hooks/use-mobile";
import { MOBILE_BANNER_SEEN_STORAGE_KEY, PRODUCT_NAME } from "@/lib/constants";

/**
 * Told once to signed-in users on a window narrower than 768 px (spec part 1, "Layout"): the
 * product works best on desktop. Dismissing it is remembered in localStorage (mobileBannerSeen).
 */
export function MobileBanner() {
  const isMobile = useIsMobile();
  const [seen, setSeen] = useState(() => readFlag(MOBILE_BANNER_SEEN_STORAGE_KEY));
  const titleId = useId();

  if (!isMobile || seen) return null;

  function dismiss() {
    setFlag(MOBILE_BANNER_SEEN_STORAGE_KEY);
    setSeen(true);
  }

  return (
    <section aria-labelledby={titleId} className="border-b bg-secondary text-secondary-foreground">
      <div className="flex items-start gap-3 px-4 py-3">
        <MonitorIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="flex-1 text-sm">
          <p id={titleId} className="font-semibold">
            {`${PRODUCT_NAME} works best on desktop`}
          </p>
          <p className="mt-0.5 text-muted-foreground">
            Mobile version is optimized for quick entries only. For full features, please use a desktop computer.
          </p>
        </div>
        <Button variant="ghost" size="icon-sm" onClick={dismiss} aria-label="Dismiss" className="-mt-1 -mr-2">
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
