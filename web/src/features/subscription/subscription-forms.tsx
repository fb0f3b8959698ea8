/**
 * The story-and-waitlist form and the Early Access Code form of /subscription (spec part 2,
 * sections 2, 4, 5 and 8). The code is checked by the server against the codes admins generate;
 * nothing here knows what a valid code looks like.
 */
import { useEffect, useState, type FormEvent } from "react";
import { KeyRoundIcon, Loader2Icon, MailIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useAuth } from "@/features/auth/auth-context";
import {
  CODE_ACTIVE_TITLE,
  CODE_DEACTIVATED_TITLE,
  CODE_EXPIRED_TITLE,
  CODE_USED_TITLE,
  CODE_USED_UP_TITLE,
  INVALID_CODE,
  MISSING_CODE,
  MISSING_INFORMATION,
  PROMO_APPLIED_FALLBACK,
  PROMO_FAILED,
  PROMO_SUCCESS_TITLE,
  TOO_MANY_TRIES_TITLE,
  WAITLIST_FAILED,
  WAITLIST_THANKS,
} from "@/features/subscription/messages";
import { useApplyPromoCode, useJoinWaitlist, type SubscriptionDetails } from "@/features/subscription/queries";
import { toast } from "@/hooks/use-toast";
import { ApiError, serverMessage } from "@/lib/api/client";
import { WAITLIST_FEATURES } from "@/lib/constants";

/** The toast for a refused code: the spec's 'Invalid code' for one the server does not know; the
 * server's own reason, under a title of its own, for a real code that no longer works (deactivated,
 * expired, used up, already yours). */
function refusedCode(error: ApiError) {
  const body = error.body && typeof error.body === "object" ? (error.body as Record<string, unknown>) : {};
  if (error.status === 400 && (body.reason === undefined || body.reason === "unknown")) return INVALID_CODE;
  const description = serverMessage(error) ?? INVALID_CODE.description;
  if (body.reason === "active" || body.reason === "granted" || body.reason === "longer")
    return { title: CODE_ACTIVE_TITLE, description };
  if (body.reason === "used") return { title: CODE_USED_TITLE, description };
  if (body.reason === "deactivated") return { title: CODE_DEACTIVATED_TITLE, description };
  if (body.reason === "expired") return { title: CODE_EXPIRED_TITLE, description };
  if (body.reason === "used_up") return { title: CODE_USED_UP_TITLE, description };
  return { title: error.status === 429 ? TOO_MANY_TRIES_TITLE : INVALID_CODE.title, description };
}

export function WaitlistForm({ waitlist }: { waitlist: SubscriptionDetails["waitlist"] }) {
  const { user } = useAuth();
  const join = useJoinWaitlist();
  const [story, setStory] = useState("");
  const [features, setFeatures] = useState<string[]>([]);
  const email = user?.email ?? "";
  // On the waitlist: the story and features sent are shown, so sending again updates them.
  const joinedId = waitlist?.isSubscribed ? waitlist.id : null;
  useEffect(() => {
    if (joinedId && waitlist) {
      setStory(waitlist.message ?? "");
      setFeatures(waitlist.interestedFeatures);
    }
  }, [joinedId]); // once per waitlist row, not on every refetch of the details

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !story.trim()) {
      toast({ ...MISSING_INFORMATION, variant: "destructive" });
      return;
    }
    join.mutate(
      { email, message: story, interestedFeatures: features },
      {
        onSuccess: () => toast(WAITLIST_THANKS),
        onError: () => toast({ ...WAITLIST_FAILED, variant: "destructive" }),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailIcon className="size-5 text-primary" aria-hidden="true" />
          Share your story, join the waitlist
        </CardTitle>
        <CardDescription>
          Payments are not open yet. Tell us how you journal and we will save you an early-adopter price.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {waitlist?.isSubscribed && (
          <p className="mb-4 rounded-md bg-primary/10 p-3 text-sm" role="status">
            You're on the waitlist as {waitlist.email}. Sending the form again updates your story.
          </p>
        )}
        <form className="space-y-4" onSubmit={submit} noValidate>
          <FormField label="Email" className="space-y-2">
            {(control) => <Input {...control} type="email" value={email} disabled readOnly />}
          </FormField>
          <FormField label="Your journaling story" className="space-y-2">
            {(control) => (
              <Textarea
                {...control}
                value={story}
                onChange={(e) => setStory(e.target.value)}
                placeholder="How do you journal today, and what would help you most?"
                rows={4}
                maxLength={5000}
              />
            )}
          </FormField>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">I'm also interested in</legend>
            {WAITLIST_FEATURES.map((feature) => (
              <label key={feature.value} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={features.includes(feature.value)}
                  onCheckedChange={(checked) =>
                    setFeatures((current) =>
                      checked === true ? [...current, feature.value] : current.filter((f) => f !== feature.value),
                    )
                  }
                />
                {feature.label}
              </label>
            ))}
          </fieldset>
          <Button type="submit" disabled={join.isPending} className="w-full sm:w-auto">
            {join.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Join the Waitlist
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export function EarlyAccessForm() {
  const apply = useApplyPromoCode();
  const [code, setCode] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      toast({ ...MISSING_CODE, variant: "destructive" });
      return;
    }
    apply.mutate(code, {
      onSuccess: (body) => {
        toast({ title: PROMO_SUCCESS_TITLE, description: body?.message || PROMO_APPLIED_FALLBACK });
        setCode("");
      },
      onError: (error) => {
        if (error instanceof ApiError && [400, 409, 429].includes(error.status))
          toast({ ...refusedCode(error), variant: "destructive" });
        else toast({ ...PROMO_FAILED, variant: "destructive" });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRoundIcon className="size-5 text-primary" aria-hidden="true" />
          Early Access Code
        </CardTitle>
        <CardDescription>Have a code from a partner or from us? It unlocks Premium for a while.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
          <FormField label="Early Access Code" className="flex-1 space-y-2">
            {(control) => (
              <Input
                {...control}
                value={code}
                onChange={(e) => setCode(e.target.value)}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                placeholder="e.g. PARTNER-XXXXXXXXXXXX"
              />
            )}
          </FormField>
          <Button type="submit" disabled={apply.isPending}>
            {apply.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Apply Code
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
