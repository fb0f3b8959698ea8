/**
 * A promo code's settings, for generating one and for changing one: how long the premium each
 * redemption grants lasts, how many people may redeem it, and until when it can be redeemed (the
 * grant length from today, a chosen day, or never). The server checks every value again.
 */
import { useId } from "react";
import { format, startOfToday } from "date-fns";

import { DatePicker } from "@/components/ui/date-picker";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Schemas } from "@/lib/api/client";
import { PROMO_DURATIONS_DAYS } from "@/lib/constants";

/** "grant": redeemable for the grant length from today (generation only); "date"; "never". */
export type ExpiryMode = "grant" | "date" | "never";

export interface CodeSettings {
  durationDays: string;
  maxUses: string;
  expiry: ExpiryMode;
  expiresOn: Date | undefined;
}

/** At most this many redemptions of one code (the server's limit). */
export const MAX_USES_LIMIT = 100_000;

/** What is wrong with the settings, in the panel's words, or null. */
export function settingsProblem(settings: CodeSettings): string | null {
  const uses = Number(settings.maxUses);
  if (!/^\d+$/.test(settings.maxUses.trim()) || uses < 1 || uses > MAX_USES_LIMIT) {
    return `The use limit must be a whole number from 1 to ${MAX_USES_LIMIT.toLocaleString("en-US")}.`;
  }
  if (settings.expiry === "date" && !settings.expiresOn) return "Choose the last day the code can be redeemed.";
  return null;
}

/** The expiry part of a generate or change body. */
export function expiryBody(settings: CodeSettings): { expiresOn?: string; neverExpires?: boolean } {
  if (settings.expiry === "never") return { neverExpires: true };
  if (settings.expiry === "date" && settings.expiresOn) return { expiresOn: format(settings.expiresOn, "yyyy-MM-dd") };
  return {};
}

export function CodeFields({
  settings,
  onChange,
  allowGrantExpiry,
  minUses = 1,
}: {
  settings: CodeSettings;
  onChange: (next: CodeSettings) => void;
  /** Offer "the grant length from today" (a new code's default). */
  allowGrantExpiry: boolean;
  /** The uses already made: the limit cannot go below them. */
  minUses?: number;
}) {
  const dateId = useId();
  const set = (part: Partial<CodeSettings>) => onChange({ ...settings, ...part });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <FormField label="Premium granted" className="space-y-2">
        {({ id }) => (
          <Select value={settings.durationDays} onValueChange={(durationDays) => set({ durationDays })}>
            <SelectTrigger id={id} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PROMO_DURATIONS_DAYS.map((d) => (
                <SelectItem key={d} value={String(d)}>
                  {d} days
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField
        label="Use limit"
        hint={minUses > 1 ? `Already used ${minUses} times.` : undefined}
        className="space-y-2"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            value={settings.maxUses}
            maxLength={6}
            onChange={(event) => set({ maxUses: event.target.value })}
          />
        )}
      </FormField>
      <FormField label="Redeemable until" className="space-y-2">
        {({ id }) => (
          <>
            <Select value={settings.expiry} onValueChange={(expiry) => set({ expiry: expiry as ExpiryMode })}>
              <SelectTrigger id={id} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {allowGrantExpiry && <SelectItem value="grant">{settings.durationDays} days from today</SelectItem>}
                <SelectItem value="date">A chosen day</SelectItem>
                <SelectItem value="never">Never expires</SelectItem>
              </SelectContent>
            </Select>
            {settings.expiry === "date" && (
              <DatePicker
                id={dateId}
                aria-label="Last day the code can be redeemed"
                className="sm:w-full"
                value={settings.expiresOn}
                onChange={(expiresOn) => set({ expiresOn })}
                placeholder="Pick the last day"
                calendarProps={{ disabled: { before: startOfToday() } }}
              />
            )}
          </>
        )}
      </FormField>
    </div>
  );
}

export type PromoCodeState = Schemas["PromoCodeOut"]["state"];

/** The state as the list shows it. */
export const STATE_LABEL: Record<PromoCodeState, string> = {
  active: "Active",
  deactivated: "Deactivated",
  expired: "Expired",
  used_up: "Used up",
};
