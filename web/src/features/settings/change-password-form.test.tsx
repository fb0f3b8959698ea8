import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { closeToasts, fakeApi, json, makeAuth } from "@/features/auth/test-support";
import { renderWithProviders } from "@/test/render";

import { ChangePasswordForm } from "./change-password-form";

vi.mock("@/lib/api/client", async (importOriginal) =>
  (await import("@/features/auth/test-api")).withStubbableFetch(await importOriginal()),
);

function renderForm() {
  return renderWithProviders(<ChangePasswordForm />, { auth: makeAuth() });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Change Password" }));

afterEach(() => closeToasts());

describe("ChangePasswordForm", () => {
  it("checks the fields before asking the server: current required, new at least 6, confirmation matching", async () => {
    const api = fakeApi({ "POST /api/users/password": () => json(200, { success: true, message: "Password changed" }) });
    renderForm();
    fill("New password", "abc");
    fill("Confirm new password", "abd");
    submit();
    expect(screen.getByText("Please enter your current password.")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(api.calls("POST /api/users/password")).toHaveLength(0);
  });

  it("sends the change, clears the form and says other devices were signed out", async () => {
    const api = fakeApi({ "POST /api/users/password": () => json(200, { success: true, message: "Password changed" }) });
    renderForm();
    fill("Current password", "old secret");
    fill("New password", "new secret");
    fill("Confirm new password", "new secret");
    submit();
    expect(await screen.findByText("Password Changed")).toBeInTheDocument();
    expect(await api.body("POST /api/users/password")).toEqual({
      currentPassword: "old secret",
      newPassword: "new secret",
    });
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("shows the server's 'current password is incorrect' under that field", async () => {
    fakeApi({
      "POST /api/users/password": () =>
        json(400, { error: "Your current password is incorrect.", field: "currentPassword" }),
    });
    renderForm();
    fill("Current password", "wrong one");
    fill("New password", "new secret");
    fill("Confirm new password", "new secret");
    submit();
    await waitFor(() => expect(screen.getByText("Your current password is incorrect.")).toBeInTheDocument());
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("New password")).toHaveValue("new secret");
  });
});
