import { lazyPage } from "@/lib/lazy-page";

/**
 * The terms screen, in a chunk of its own: only a signed-in user who has not agreed yet sees it.
 * The session guard renders it; the auth screen preloads it while an account is being created or
 * verified, the step right before it.
 */
export const LazyTermsScreen = lazyPage(() =>
  import("@/features/terms/terms-screen").then((m) => ({ default: m.TermsScreen })),
);
