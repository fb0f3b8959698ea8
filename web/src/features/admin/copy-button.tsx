import { useEffect, useRef, useState } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { MESSAGES } from "@/features/admin/labels";
import { toast } from "@/hooks/use-toast";
import { COPIED_STATE_MS } from "@/lib/constants";

/** A copy button with its 2 s "Copied" state. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: "Copied to clipboard", description: text });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_STATE_MS);
    } catch {
      toast({ ...MESSAGES.copyFailed, variant: "destructive" });
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => void copy()} aria-label={`${label} ${text}`}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      {copied ? "Copied" : "Copy"}
    </Button>
  );
}

