/**
 * The four dialogs of the patterns screen (spec part 2, section 2) and the delete confirmation:
 * Add Insight to Pattern, Generate Deeper Insight (Go Deep), Explore Further, Edit Insight.
 */
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { ExternalLinkIcon, Loader2Icon } from "lucide-react";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, type Confirmation } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import {
  findResources,
  generateInsight,
  useAddInsight,
  useDeleteInsight,
  useUpdateInsight,
} from "@/features/patterns/queries";
import type { Insight, PatternCardData } from "@/features/patterns/themes";
import { toast } from "@/hooks/use-toast";
import { ApiError, serverMessage } from "@/lib/api/client";

export const TRY_AGAIN = "Please try again.";
export const NO_RESOURCES = "No resources found. Try a different search or explore more insights.";
export const DELETE_CONFIRMATION = "Are you sure you want to delete this insight? This action cannot be undone.";

function failed(title: string, error?: unknown) {
  // A refusal the server explains (the free plan's weekly limit) is shown as it is.
  const limit = error instanceof ApiError && error.status === 429 ? serverMessage(error) : undefined;
  toast({ title, description: limit ?? TRY_AGAIN, variant: "destructive" });
}

/** Add Insight to Pattern: non-blank text, saved under the pattern. */
export function AddInsightDialog({ pattern, onClose }: { pattern: PatternCardData | null; onClose: () => void }) {
  const [text, setText] = useState("");
  const add = useAddInsight();
  useEffect(() => setText(""), [pattern]);

  function submit() {
    if (!pattern?.id || !text.trim()) return;
    add.mutate(
      { text: text.trim(), patternId: pattern.id, type: "insight", isAiGenerated: false },
      {
        onSuccess: () => {
          toast({ title: "Insight added" });
          onClose();
        },
        onError: (error) => failed("Failed to add insight", error),
      },
    );
  }

  return (
    <Dialog open={pattern !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Insight to Pattern</DialogTitle>
          <DialogDescription>{pattern?.name}</DialogDescription>
        </DialogHeader>
        <FormField id="new-insight" label="Your insight" className="space-y-2">
          {(control) => (
            <Textarea {...control} value={text} onChange={(e) => setText(e.target.value)} rows={4}
              placeholder="What do you notice about this pattern?" />
          )}
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} disabled={!text.trim() || add.isPending}>
            {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : null}
            Add Insight
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Go Deep: asks for a generated insight from the pattern's insights as it opens; the result can be saved. */
export function GoDeepDialog({ pattern, onClose }: { pattern: PatternCardData | null; onClose: () => void }) {
  const add = useAddInsight();
  const patternId = pattern?.id ?? null;
  const generated = useQuery({
    queryKey: ["patterns", "go-deep", patternId],
    queryFn: () => generateInsight(patternId!, (pattern?.insights ?? []).map((i) => i.text)),
    enabled: patternId !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  useEffect(() => {
    if (generated.isError) failed("Failed to generate insight", generated.error);
  }, [generated.isError, generated.error]);

  function save() {
    if (!patternId || !generated.data) return;
    add.mutate(
      { text: generated.data.generatedInsight, patternId, type: "insight", isAiGenerated: true },
      {
        onSuccess: () => {
          toast({ title: "Generated insight saved" });
          onClose();
        },
        onError: (error) => failed("Failed to save generated insight", error),
      },
    );
  }

  return (
    <Dialog open={pattern !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Generate Deeper Insight</DialogTitle>
          <DialogDescription>{pattern?.name}</DialogDescription>
        </DialogHeader>
        {generated.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Looking deeper into your entries...
          </p>
        ) : generated.data ? (
          <blockquote className="rounded-md border-l-4 border-primary bg-muted/40 p-4 text-sm leading-relaxed"
            data-testid="generated-insight">
            {generated.data.generatedInsight}
          </blockquote>
        ) : (
          <p className="text-sm text-destructive">Failed to generate insight. {TRY_AGAIN}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Close</Button>
          <Button onClick={save} disabled={!generated.data || add.isPending}>Save Insight</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export interface ExploreSubject {
  text: string;
  type: "insight" | "pattern";
  title: string;
}

/** Explore Further: resources from the curated catalogue, chosen by meaning for the subject. */
export function ExploreDialog({ subject, onClose }: { subject: ExploreSubject | null; onClose: () => void }) {
  const resources = useQuery({
    queryKey: ["patterns", "resources", subject?.type, subject?.text],
    queryFn: () => findResources(subject!.text, subject!.type),
    enabled: subject !== null,
    retry: false,
  });
  useEffect(() => {
    if (resources.isError) failed("Failed to find resources", resources.error);
  }, [resources.isError, resources.error]);

  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Explore Further</DialogTitle>
          <DialogDescription className="line-clamp-2">{subject?.title}</DialogDescription>
        </DialogHeader>
        {resources.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Finding resources...
          </p>
        ) : resources.data && resources.data.length > 0 ? (
          <ul className="space-y-3">
            {resources.data.map((r) => (
              <li key={r.url} className="rounded-md border p-3">
                <div className="flex items-start justify-between gap-3">
                  <a href={r.url} target="_blank" rel="noopener noreferrer"
                    className="font-medium text-primary underline-offset-4 hover:underline">
                    {r.title}
                    <ExternalLinkIcon className="ml-1 inline size-3.5" aria-hidden="true" />
                  </a>
                  <Badge variant="secondary" className="capitalize">{r.type}</Badge>
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{r.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{NO_RESOURCES}</p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Edit Insight: non-blank text. */
export function EditInsightDialog({ insight, onClose }: { insight: Insight | null; onClose: () => void }) {
  const [text, setText] = useState("");
  const update = useUpdateInsight();
  useEffect(() => setText(insight?.text ?? ""), [insight]);

  function submit() {
    if (!insight || !text.trim()) return;
    update.mutate(
      { id: insight.id, text: text.trim() },
      {
        onSuccess: () => {
          toast({ title: "Insight updated" });
          onClose();
        },
        onError: (error) => failed("Failed to update insight", error),
      },
    );
  }

  return (
    <Dialog open={insight !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Insight</DialogTitle>
          <DialogDescription>Reword it in your own words.</DialogDescription>
        </DialogHeader>
        <FormField id="edit-insight" label="Insight" className="space-y-2">
          {(control) => <Textarea {...control} value={text} onChange={(e) => setText(e.target.value)} rows={5} />}
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Cancel</Button>
          <Button onClick={submit} disabled={!text.trim() || update.isPending}>Save Changes</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The delete confirmation. */
export function DeleteInsightDialog({ insight, onClose }: { insight: Insight | null; onClose: () => void }) {
  const remove = useDeleteInsight();
  const confirmation: Confirmation | null = insight && {
    title: "Delete Insight",
    description: DELETE_CONFIRMATION,
    action: "Delete",
    destructive: true,
    onConfirm: () =>
      remove.mutate(insight.id, {
        onSuccess: () => toast({ title: "Insight deleted" }),
        onError: (error) => failed("Failed to delete insight", error),
      }),
  };
  return <ConfirmDialog confirmation={confirmation} onClose={onClose} />;
}
