import { useState, type FormEvent } from "react";

import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useAuth, type AuthUser } from "@/features/auth/auth-context";
import { EmailChange } from "@/features/settings/email-change";
import { MSG, serverMessage } from "@/features/settings/messages";
import { useUpdateProfile } from "@/features/settings/queries";
import { toast } from "@/hooks/use-toast";
import { USERNAME_MIN_LENGTH } from "@/lib/constants";

const GENDERS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "non-binary", label: "Non-binary" },
  { value: "prefer-not-to-say", label: "Prefer not to say" },
] as const;
const EXPERIENCES = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "experienced", label: "Experienced" },
  { value: "expert", label: "Expert" },
] as const;
const UNSET = "unset";
// Each field: its label over its control.
const COLUMN = "flex flex-col gap-2";

function initial(user: AuthUser | null) {
  return {
    username: user?.username ?? "",
    fullName: user?.fullName ?? "",
    gender: user?.gender ?? UNSET,
    birthDate: user?.birthDate ?? "",
    journalingExperience: user?.journalingExperience ?? UNSET,
  };
}

/**
 * Profile Settings (spec part 2, sections 3, 4, 5 and 8): username (optional, at least 3
 * characters), full name, gender, birth date and journaling experience; PUT /api/users/profile.
 * The e-mail address is shown and changed apart (`EmailChange`): it takes a code sent to it.
 */
export function ProfileForm() {
  const { user } = useAuth();
  const [values, setValues] = useState(() => initial(user));
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const update = useUpdateProfile();

  function set<K extends keyof typeof values>(key: K, value: (typeof values)[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user) {
      toast({ variant: "destructive", title: MSG.authRequiredTitle, description: MSG.authRequiredProfile });
      return;
    }
    const username = values.username.trim();
    if (username && username.length < USERNAME_MIN_LENGTH) {
      setUsernameError(MSG.usernameShort);
      return;
    }
    setUsernameError(null);
    update.mutate(
      {
        username: username || null,
        fullName: values.fullName.trim(),
        gender: values.gender === UNSET ? "" : values.gender,
        birthDate: values.birthDate,
        journalingExperience: values.journalingExperience === UNSET ? "" : values.journalingExperience,
      },
      {
        onSuccess: () => toast({ title: MSG.profileUpdatedTitle, description: MSG.profileUpdated }),
        onError: (error) =>
          toast({ variant: "destructive", title: MSG.updateFailedTitle, description: serverMessage(error, MSG.updateFailed) }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Settings</CardTitle>
        <CardDescription>How Reverie knows you. Every field is optional.</CardDescription>
      </CardHeader>
      <CardContent>
        <EmailChange />
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
          <FormField id="profile-username" label="Username" error={usernameError} className={COLUMN}>
            {(control) => (
              <Input
                {...control}
                value={values.username}
                autoComplete="username"
                maxLength={64}
                onChange={(event) => set("username", event.target.value)}
              />
            )}
          </FormField>
          <FormField id="profile-full-name" label="Full name" className={COLUMN}>
            {(control) => (
              <Input
                {...control}
                value={values.fullName}
                autoComplete="name"
                maxLength={200}
                onChange={(event) => set("fullName", event.target.value)}
              />
            )}
          </FormField>
          <FormField id="profile-gender" label="Gender" className={COLUMN}>
            {({ id }) => (
              <Select value={values.gender} onValueChange={(value) => set("gender", value)}>
                <SelectTrigger id={id} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={UNSET}>Not set</SelectItem>
                  {GENDERS.map((g) => (
                    <SelectItem key={g.value} value={g.value}>
                      {g.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField id="profile-birth-date" label="Birth date" className={COLUMN}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.birthDate}
                onChange={(event) => set("birthDate", event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="profile-experience"
            label="Journaling experience"
            className={`${COLUMN} sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]`}
          >
            {({ id }) => (
              <Select value={values.journalingExperience} onValueChange={(value) => set("journalingExperience", value)}>
                <SelectTrigger id={id} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={UNSET}>Not set</SelectItem>
                  {EXPERIENCES.map((e) => (
                    <SelectItem key={e.value} value={e.value}>
                      {e.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving..." : "Update Profile"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
