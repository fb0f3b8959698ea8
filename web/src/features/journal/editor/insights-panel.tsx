import { useState } from "react";
import { LightbulbIcon, MessageCircleQuestionIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { serverMessage } from "@/lib/api/client";
import { ASK_HELP_RECENT_ENTRIES, INSIGHT_SURROUNDING_CHARS } from "@/lib/constants";

import { useAskHelp, useEntries, useSaveInsight, type InsightPrompt } from "../queries";

import { insightBlock, insightEmoji, insightLabel, isTempId } from "./editor-utils";

export const SAVE_INSIGHT_FAILED = "Failed to save insight. Please try again.";
export const ASK_HELP_FAILED = "Failed to get a response. Please try again.";

interface InsightsPanelProps {
  prompt: InsightPrompt | null;
  onDismiss: (prompt: InsightPrompt) => void;
  onConsume: (prompt: InsightPrompt) => void;
  /** Inserts text at the cursor; returns where it went ({before, after} offsets). */
  insert: (text: string) => { before: number; after: number };
  content: string;
  cursor: () => number;
  entryId: string;
  entryDate: string;
}

/** One real-time insight prompt at a time: Dismiss (for the session), Add (an insight block) or Save. */
export function InsightsPanel({ prompt, onDismiss, onConsume, insert, content, cursor, entryId, entryDate }: InsightsPanelProps) {
  const saveInsight = useSaveInsight();
  const saved = !isTempId(entryId);

  if (!prompt) return null;

  const save = async () => {
    const at = cursor();
    try {
      await saveInsight.mutateAsync({
        text: prompt.text,
        type: prompt.type,
        isAiGenerated: true,
        context: {
          currentEntryId: entryId,
          currentEntryDate: entryDate,
          currentContent: content,
          surroundingText: content.slice(Math.max(0, at - INSIGHT_SURROUNDING_CHARS), at + INSIGHT_SURROUNDING_CHARS),
          insightLocation: { before: at, after: at },
          promptContext: prompt.context ?? null,
        },
        timeEstimate: prompt.timeEstimate ?? null,
        relatedTasks: prompt.relatedTasks ?? [],
        entryId,
      });
      toast({ title: "Insight saved" });
      onConsume(prompt);
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error) ?? SAVE_INSIGHT_FAILED, variant: "destructive" });
    }
  };

  return (
    <section aria-label="Insight prompt" className="rounded-lg border bg-card p-3 text-sm shadow-xs">
      <p className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
        <span aria-hidden="true">{insightEmoji(prompt.type)}</span> {insightLabel(prompt.type)}
      </p>
      <p className="mt-1">{prompt.text}</p>
      {prompt.timeEstimate ? <p className="mt-1 text-xs text-muted-foreground">⏱ {prompt.timeEstimate}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="ghost" onClick={() => onDismiss(prompt)}>
          Dismiss
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            insert(insightBlock(prompt));
            onConsume(prompt);
          }}
        >
          Add
        </Button>
        <Button
          size="sm"
          onClick={() => void save()}
          disabled={!saved || saveInsight.isPending}
          title={saved ? undefined : "Save your entry first to keep insights"}
        >
          Save
        </Button>
      </div>
    </section>
  );
}

/** The 'Ask AI for Help' popover: a question, answered from the last few entries. */
export function AskHelpPopover() {
  const { data: entries = [] } = useEntries();
  const askHelp = useAskHelp();
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const submit = async () => {
    if (!question.trim() || askHelp.isPending) return;
    setFailed(false);
    setAnswer(null);
    try {
      const recentEntries = entries.slice(0, ASK_HELP_RECENT_ENTRIES).map((e) => ({
        id: e.id,
        date: e.date,
        content: e.content,
      }));
      setAnswer(await askHelp.mutateAsync({ question: question.trim(), context: { recentEntries } }));
    } catch {
      setFailed(true);
    }
  };

  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <MessageCircleQuestionIcon aria-hidden="true" />
          Ask AI for Help
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-80">
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor="ask-help-question" className="text-sm font-medium">
            What would you like help with?
          </label>
          <Textarea
            id="ask-help-question"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            onKeyDown={(event) => {
              // As in the entry chat: Enter asks, Shift+Enter starts a new line (and Enter while an
              // input method is composing a character is the IME's, not ours).
              if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              void submit();
            }}
            placeholder="Ask a question about your journal..."
          />
          <Button type="submit" size="sm" disabled={!question.trim() || askHelp.isPending}>
            {askHelp.isPending ? "Thinking..." : "Ask"}
          </Button>
          {answer ? (
            <p className="rounded-md bg-muted p-2 text-sm whitespace-pre-wrap" aria-live="polite">
              <LightbulbIcon className="mr-1 inline size-4" aria-hidden="true" />
              {answer}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="text-sm text-destructive">
              {ASK_HELP_FAILED}
            </p>
          ) : null}
        </form>
      </PopoverContent>
    </Popover>
  );
}
