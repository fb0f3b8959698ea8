import { useEffect } from "react";
import { useNavigate } from "react-router";

import { SessionSpinner } from "@/features/auth/session-spinner";

export const REDIRECTING_TO_PATTERNS = "Redirecting to Patterns...";

/** The short redirect screen of the spec: older links (/self-exploration) land on /patterns. */
export function RedirectToPatterns() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate("/patterns", { replace: true });
  }, [navigate]);
  return <SessionSpinner label={REDIRECTING_TO_PATTERNS} />;
}
