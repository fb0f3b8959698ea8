import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeAuth, makeUser } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

import { EmailChange } from "./email-change";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

const NEW = "maya.new@example.com";
const SENT = `We sent a 6-digit code to ${NEW}. Enter it here to confirm the change.`;

function renderIt() {
  const auth = makeAuth();
  renderWithProviders(<EmailChange />, { auth });
  return auth;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

afterEach(() => closeToasts());

describe("EmailChange", () => {
  it("shows the current address and changes it only with the code sent to the new one", async () => {
    const api = fakeApi({
      "POST /api/users/email": () => json(200, { message: SENT, email: NEW }),
      "POST /api/users/email/confirm": () => json(200, { user: makeUser({ email: NEW }) }),
    });
    const auth = renderIt();
    expect(screen.getByText("maya@example.com")).toBeInTheDocument();
    click("Change e-mail");
    fill("New e-mail address", ` ${NEW} `);
    fill("Current password", "my secret");
    click("Send code");
    expect(await screen.findByText(SENT)).toBeInTheDocument();
    expect(await api.body("POST /api/users/email")).toEqual({ newEmail: NEW, currentPassword: "my secret" });
    expect(auth.setUser).not.toHaveBeenCalled();

    fill("Verification code", "12");
    click("Confirm new e-mail");
    expect(screen.getByText("Verification code must be 6 digits")).toBeInTheDocument();
    expect(api.calls("POST /api/users/email/confirm")).toHaveLength(0);

    fill("Verification code", "123456");
    click("Confirm new e-mail");
    expect(await screen.findByText("E-mail Changed")).toBeInTheDocument();
    expect(await api.body("POST /api/users/email/confirm")).toEqual({ newEmail: NEW, verificationCode: "123456" });
    expect(auth.setUser).toHaveBeenCalledWith(expect.objectContaining({ email: NEW }));
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("checks the fields first, then shows the server's refusal under its field", async () => {
    const api = fakeApi({
      "POST /api/users/email": () =>
        json(409, { error: "That e-mail address belongs to another account.", field: "newEmail" }),
    });
    renderIt();
    click("Change e-mail");
    fill("New e-mail address", "not an address");
    click("Send code");
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter your current password.")).toBeInTheDocument();
    expect(api.calls("POST /api/users/email")).toHaveLength(0);

    fill("New e-mail address", "taken@example.com");
    fill("Current password", "my secret");
    click("Send code");
    await waitFor(() =>
      expect(screen.getByText("That e-mail address belongs to another account.")).toBeInTheDocument(),
    );
    expect(screen.getByLabelText("New e-mail address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByLabelText("Verification code")).not.toBeInTheDocument();
  });

  it("a wrong current password is shown under that field", async () => {
    fakeApi({
      "POST /api/users/email": () => json(400, { error: "Your current password is incorrect.", field: "currentPassword" }),
    });
    renderIt();
    click("Change e-mail");
    fill("New e-mail address", NEW);
    fill("Current password", "wrong");
    click("Send code");
    await waitFor(() => expect(screen.getByText("Your current password is incorrect.")).toBeInTheDocument());
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    click("Cancel");
    expect(screen.queryByLabelText("New e-mail address")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Change e-mail" })).toBeInTheDocument();
  });
});
