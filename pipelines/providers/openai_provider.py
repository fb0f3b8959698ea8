"""The OpenAI-compatible provider: the `openai` SDK against OPENAI_BASE_URL (OpenAI, Ollama,
vLLM, ...), structured outputs with JSON schemas derived from our msgspec structs, a timeout per
call and the SDK's own retries with backoff for 429, 5xx and timeouts."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec
import openai

from models.constants import MAX_RELATED
from pipelines.providers.base import AnalysisContext, EntryAnalysis, Passage, ProfileDraft, ProfileEntry

T = TypeVar("T")


class ProviderError(RuntimeError):
    """The provider answered, but not with something we can use."""


class _Summary(msgspec.Struct):
    summary: str


class _Answer(msgspec.Struct):
    answer: str


def json_schema(type_: type) -> dict[str, Any]:
    """The struct's JSON schema, inlined (some compatible servers do not follow $ref)."""
    schema = msgspec.json.schema(type_)
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return inline(defs[node["$ref"].split("/")[-1]])
            return {k: inline(v) for k, v in node.items()}
        if isinstance(node, list):
            return [inline(v) for v in node]
        return node

    return inline(schema)


SYSTEM = (
    "You analyse one person's private journal. Be faithful to what they wrote: never invent facts, "
    "people, dates or feelings. Answer only with JSON matching the given schema."
)


class OpenAIProvider:
    name = "openai"

    def __init__(self, *, api_key: str | None, base_url: str | None, model: str, timeout: float = 30.0,
                 max_retries: int = 2) -> None:
        self.model = model
        self.client = openai.OpenAI(
            api_key=api_key or "not-needed", base_url=base_url, timeout=timeout, max_retries=max_retries
        )

    def _structured(self, prompt: str, type_: type[T], name: str) -> T:
        response = self.client.chat.completions.create(
            model=self.model,
            messages=[{"role": "system", "content": SYSTEM}, {"role": "user", "content": prompt}],
            response_format={"type": "json_schema", "json_schema": {"name": name, "schema": json_schema(type_)}},
            temperature=0.2,
        )
        if not response.choices or not response.choices[0].message.content:
            raise ProviderError("the provider returned no content")
        try:
            return msgspec.json.decode(response.choices[0].message.content, type=type_, strict=False)
        except msgspec.DecodeError as exc:
            raise ProviderError(f"the provider returned malformed JSON: {exc}") from exc

    def analyze_entry(self, text: str, *, want_summary: bool, context: AnalysisContext,
                      embedding: Any = None) -> EntryAnalysis:
        prompt = (
            f"Today is {context.today.isoformat()}.\n"
            "From the journal entry below, give: the writer's mood (one of happy, sad, angry, anxious, loving, "
            "tired, neutral, with an emoji and a one-word text); "
            + ("a one- or two-sentence summary in the writer's own terms; " if want_summary else "summary null; ")
            + "highlights: the tasks, projects and goals the writer intends (not past events, not other people's "
            "obligations, not negated ones), each reformulated as a short imperative, with metadata timeframe "
            "(today or week for tasks, month or year for goals), priority (high, medium, low), and for a task "
            "whose day the writer gives ('tomorrow', 'by Friday', 'on the 17th') dueDate as YYYY-MM-DD counted "
            "from today's date, else null; "
            f"relatedGoals and relatedProjects: at most {MAX_RELATED} each, chosen only from these existing goals "
            f"{context.existing_goals[:30]} and projects {context.existing_projects[:30]}.\n\n"
            f"Entry:\n{text}"
        )
        return self._structured(prompt, EntryAnalysis, "entry_analysis")

    def summarize(self, text: str) -> str:
        return self._structured(f"Summarise this journal text in one or two sentences:\n\n{text}", _Summary,
                                "summary").summary

    def build_profile(self, entries: list[ProfileEntry]) -> ProfileDraft:
        listing = "\n\n".join(f"[{e.id}] {e.date}: {e.summary or e.content[:600]}" for e in entries[-60:])
        prompt = (
            "Write this person's profile from their journal entries below: shortSummary (2-3 sentences), "
            "fullProfile (a few paragraphs, then a '**Concrete Actions**:' section with numbered lines 1 to 5), "
            "blindspots (up to 5 short items), and sourceEntryIds: the ids of the entries you drew on. "
            "Every statement must be traceable to an entry.\n\n" + listing
        )
        return self._structured(prompt, ProfileDraft, "profile")

    def answer(self, question: str, passages: list[Passage]) -> str:
        context = "\n\n".join(f"({p.date}) {p.text}" for p in passages)
        prompt = (
            "Answer the question using only these excerpts from the person's own journal, quoting them with "
            "their dates. If they do not answer it, say so.\n\n"
            f"Excerpts:\n{context}\n\nQuestion: {question}"
        )
        return self._structured(prompt, _Answer, "answer").answer

    def suggest_weekly_focus(self, material: Any) -> Any:
        from pipelines.weekly_focus.openai_compatible import openai_suggestion

        return openai_suggestion(self, material)
