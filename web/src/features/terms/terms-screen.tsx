import { useId, useState, type FormEvent } from "react";
import { LoaderCircleIcon } from "lucide-react";
import { useNavigate } from "react-router";

import { LogoMark } from "@/components/brand/logo";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useAuth } from "@/features/auth/auth-context";
import { TERMS_LAST_UPDATED, TermsSections } from "@/features/legal/terms-content";
import { toast } from "@/hooks/use-toast";
import { api } from "@/lib/api/client";
import { PRODUCT_NAME } from "@/lib/constants";

/**
 * The terms agreement a signed-in user must give before anything else of the app (spec part 1,
 * section 2 "Terms screen", section 5 "Terms", section 8 "Terms", shell variants of the toasts).
 * The session guard shows it in place of every screen, without the app header.
 */
export function TermsScreen() {
  const { user, setUser, logout } = useAuth();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [saving, setSaving] = useState(false);
  const checkboxId = useId();
  const titleId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (!agreed) {
      toast({
        title: "Agreement Required",
        description: "You must agree to the Terms of Service to continue.",
        variant: "destructive",
      });
      return;
    }
    setSaving(true);
    try {
      const { data } = await api.POST("/api/auth/terms-agreement", { body: { userId: user?.id ?? null } });
      if (!data) throw new Error("The terms agreement answer had no body");
      toast({
        title: `Welcome to ${PRODUCT_NAME}`,
        description: "You have successfully agreed to the Terms of Service.",
      });
      setUser(data.user);
      void navigate("/");
    } catch {
      toast({
        title: "Error",
        description: "An error occurred while saving your agreement. Please try again.",
        variant: "destructive",
      });
      setSaving(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <main aria-labelledby={titleId} className="mx-auto w-full max-w-3xl flex-1 px-4 pt-10 pb-8 sm:px-6 sm:pt-16">
        <div className="mb-10 flex flex-col items-center gap-4 text-center">
          <LogoMark className="size-12" />
          <h1 id={titleId} className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
            Terms of Service
          </h1>
          <p className="max-w-xl text-pretty text-muted-foreground">
            Before you start writing, please read how {PRODUCT_NAME} works and what you and we agree to.
          </p>
          <p className="text-xs text-muted-foreground">Last updated: {TERMS_LAST_UPDATED}</p>
        </div>

        <article className="rounded-xl border bg-card px-5 py-8 shadow-sm sm:px-10">
          <TermsSections />
        </article>
      </main>

      <form
        onSubmit={handleSubmit}
        className="sticky bottom-0 border-t bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75"
      >
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <div className="flex items-center gap-3">
            <Checkbox
              id={checkboxId}
              checked={agreed}
              disabled={saving}
              onCheckedChange={(checked) => setAgreed(checked === true)}
            />
            <Label htmlFor={checkboxId} className="leading-snug">
              I have read and agree to the Terms of Service
            </Label>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
            <Button type="button" variant="ghost" disabled={saving} onClick={() => void logout()}>
              Log out
            </Button>
            <Button type="submit" size="lg" disabled={!agreed || saving} aria-busy={saving}>
              {saving && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {saving ? "Processing..." : `Continue to ${PRODUCT_NAME}`}
            </Button>
          </div>
        </div>
      </form>
    </div>
  );
}
