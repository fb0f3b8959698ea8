"""The journal: GET/POST /api/journal, PATCH/DELETE /api/journal/{id}. Every entry is read and
written through the signed-in user's id (`EntryService`); another user's entry is simply not found."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.params import Parameter

from api.dependencies import Pipelines, Storage
from api.entries import rules as entry_rules
from api.entries.services import EntryService
from api.errors import Conflict, documented_errors, error_responses
from api.journal import rules
from api.journal.details import entry_details, first_page_state, first_page_tag
from api.journal.forgetting import forget_entry
from api.journal.schemas import DeletedOut, EntryCreate, EntryOut, EntryUpdate
from api.logging import get_logger
from api.paging import (
    NOT_MODIFIED,
    PAGE_HEADERS,
    TOTAL_HEADER,
    conditional,
    keyset_page,
    not_modified_if_current,
    requested_tag,
    versions_of,
)
from api.services import provide
from models import JournalEntry
from models.values import AnalysisState
from pipelines.public import Flow

log = get_logger("reverie.journal")
STORY_FLOW = Flow.PROFILE
PATTERN_FLOW = Flow.PATTERNS


def _request_analysis(pipelines: Pipelines, entry: JournalEntry) -> None:
    """Ask the pipelines to analyse this version of the entry; never blocks or fails the save."""
    try:
        pipelines.submit(Flow.ANALYSIS, entry_id=str(entry.id), owner=str(entry.user_id))
    except Exception as exc:  # the entry stays pending and is picked up again at start-up
        log.warning("analysis_not_submitted", entry_id=str(entry.id), error=str(exc))


def _rebuild_patterns(request: Request, pipelines: Pipelines) -> str | None:
    """The patterns are rebuilt without what an entry no longer says (its pattern insights went at
    once); the run's id lets the web app show the new ones when they are ready."""
    user_id = str(request.user.id)
    try:
        run = pipelines.active(PATTERN_FLOW, user_id) or pipelines.submit(PATTERN_FLOW, user_id=user_id, owner=user_id)
    except Exception as exc:  # the nightly run rebuilds them instead
        log.warning("pattern_refresh_not_submitted", error=str(exc))
        return None
    return run.id


def _rewrite_story(request: Request, pipelines: Pipelines) -> str | None:
    """The personal story is rewritten without a deleted entry (its counts and words were drawn from
    it); the run's id lets the web app show the new story when it is ready. Below the unlock the
    run leaves the story alone (the story is locked then)."""
    user_id = str(request.user.id)
    try:
        run = pipelines.active(STORY_FLOW, user_id) or pipelines.submit(STORY_FLOW, user_id=user_id, owner=user_id)
    except Exception as exc:  # the story is rewritten with the next analysed entry instead
        log.warning("profile_regeneration_not_submitted", error=str(exc))
        return None
    return run.id


async def _out(entries: EntryService, user_id: UUID, rows: Sequence[Any]) -> list[EntryOut]:
    """Entries as the API shows them, with what was drawn from each."""
    details = await entry_details(entries.repository.session, user_id, rows)
    return [EntryOut.of(entry, **details.of(entry.id)) for entry in rows]


@documented_errors
class JournalController(Controller):
    path = "/api/journal"
    tags = ["journal"]
    dependencies = provide(entries=EntryService)

    @get(operation_id="listEntries", response_headers=PAGE_HEADERS, responses=NOT_MODIFIED,
         description="The signed-in user's entries, newest first (by date, then by when written), each with the "
                     "insights, highlights (tasks, projects, goals) and photos drawn from it; a page at a time: "
                     "the first `limit` entries, or those after the `before` cursor the previous page gave in "
                     "X-Next-Cursor (absent on the last page). X-Total-Count is the number of entries in all. "
                     "Conditional: an If-None-Match with the page's ETag answers 304 with no body.")
    async def list_entries(
        self, request: Request, entries: EntryService,
        limit: int = Parameter(default=rules.PAGE_SIZE, ge=1, le=rules.MAX_PAGE_SIZE,
                               description="How many entries (at most) this page has."),
        before: str | None = Parameter(default=None, min_length=1, max_length=300,
                                       description="X-Next-Cursor of the previous page: the entries after it."),
    ) -> Response[list[EntryOut]]:
        user_id = request.user.id
        if before is None and requested_tag(request):
            # A poll: answered from the first page's row versions alone when nothing changed.
            total, tag = await first_page_state(entries.repository.session, user_id, limit)
            unchanged = not_modified_if_current(request, tag, {TOTAL_HEADER: str(total)})
            if unchanged is not None:
                return unchanged
        page = await keyset_page(entries, user_id, EntryService.ORDER, limit=limit, before=before,
                                 columns=EntryService.LISTED)
        shown = page.rows
        details = await entry_details(entries.repository.session, user_id, shown)
        body = [EntryOut.of(entry, **details.of(entry.id)) for entry in shown]
        # The first page's ETag is over the versions of the rows it was built from, so the next poll
        # can check it without reading them; a later page's is over its body.
        tag = (first_page_tag(limit, page.total, versions_of(page.fetched), details.insight_versions,
                              details.attached_versions) if before is None else None)
        return conditional(request, body, page.headers, tag=tag)

    @post(operation_id="createEntry", status_code=201)
    async def create_entry(self, request: Request, entries: EntryService, pipelines: Pipelines,
                           data: EntryCreate) -> EntryOut:
        now = datetime.now(UTC)
        given = entry_rules.check_timestamp(data.timestamp) if data.timestamp is not None else None
        if data.date:
            day = entry_rules.check_entry_day(entry_rules.parse_entry_date(data.date))
        elif given is not None:  # no date: the timestamp's (UTC) day
            day = entry_rules.check_entry_day(datetime.fromtimestamp(given, UTC).date(), "timestamp")
        else:
            day = now.date()
        time = entry_rules.check_time(data.time) if data.time else now.strftime("%H:%M")
        entry = await entries.add(JournalEntry(
            user_id=request.user.id,
            content=entry_rules.check_content(data.content),
            entry_date=day,
            entry_time=time,
            location=entry_rules.check_location(data.location),
            mood=entry_rules.parse_mood(data.mood),
            summary=(data.summary or None),
            related_goals=entry_rules.parse_related(data.related_goals, "relatedGoals"),
            related_projects=entry_rules.parse_related(data.related_projects, "relatedProjects"),
            # Date and timestamp always agree (a backdated entry is shown on its own day).
            timestamp=entry_rules.agreeing_timestamp(day, time, given if given is not None else int(now.timestamp())),
        ))
        await entries.commit()
        _request_analysis(pipelines, entry)
        return EntryOut.of(entry)

    @patch("/{entry_id:uuid}", operation_id="updateEntry",
           description="Edit an entry. The editor sends content and generateSummary; the keep-alive save on page "
                       "unload sends only content. A content change is analysed again (mood, summary, highlights, "
                       "embedding); generateSummary true (the editor's manual Save) asks for a summary of this very "
                       "text even when the content is unchanged. A new date moves the timestamp with it.")
    async def update_entry(self, request: Request, entries: EntryService, pipelines: Pipelines, entry_id: UUID,
                           data: EntryUpdate) -> EntryOut:
        # The row stays locked until the commit, so two edits at the same moment are applied one
        # after the other (each its own content version), never both as one.
        entry = await entries.own(request.user.id, entry_id, for_update=True)
        content_changed = rebuild_patterns = False
        if data.content is not None:
            content = entry_rules.check_content(data.content)
            if content != entry.content:
                entry.content = content
                entry.analyse_again()
                content_changed = True
                # Nothing derived may quote words the entry no longer holds (`api/journal/forgetting.py`).
                rebuild_patterns = await forget_entry(entries.repository.session, request.user.id, entry.id,
                                                      content=content)
        if data.generate_summary and entry.summarised_length != len(entry.content):
            # The summary on the entry is of another text: summarise this one, whatever the length.
            entry.summarised_length = None
            if not content_changed:
                entry.analyse_again()  # a version of its own, so the finished analysis runs again
                content_changed = True
        if data.date is not None and data.date.strip():
            day = entry_rules.check_entry_day(entry_rules.parse_entry_date(data.date))
            entry.timestamp = entry_rules.moved_timestamp(entry.timestamp, entry.entry_date, day, entry.entry_time)
            entry.entry_date = day
        if data.summary is not None:
            entry.summary = data.summary or None
        if data.related_goals is not None:
            entry.related_goals = entry_rules.parse_related(data.related_goals, "relatedGoals")
        if data.related_projects is not None:
            entry.related_projects = entry_rules.parse_related(data.related_projects, "relatedProjects")
        await entries.commit()
        if content_changed:
            _request_analysis(pipelines, entry)
        if rebuild_patterns:
            _rebuild_patterns(request, pipelines)
        return (await _out(entries, request.user.id, [entry]))[0]

    @post("/{entry_id:uuid}/analysis", operation_id="retryEntryAnalysis", status_code=202,
          responses=error_responses(409),
          description="Analyse again an entry whose analysis failed (the entry list's Retry). 409 when its "
                      "analysis has not failed.")
    async def retry_analysis(self, request: Request, entries: EntryService, pipelines: Pipelines,
                             entry_id: UUID) -> EntryOut:
        entry = await entries.own(request.user.id, entry_id, for_update=True)
        if entry.analysis_state != AnalysisState.FAILED:
            raise Conflict(detail=rules.MSG_ANALYSIS_NOT_FAILED)
        entry.retry_analysis()
        await entries.commit()
        _request_analysis(pipelines, entry)
        return (await _out(entries, request.user.id, [entry]))[0]

    @delete("/{entry_id:uuid}", operation_id="deleteEntry", status_code=200)
    async def delete_entry(self, request: Request, entries: EntryService, pipelines: Pipelines, storage: Storage,
                           entry_id: UUID) -> DeletedOut:
        # Locked until the commit: a second delete of the same entry waits, then finds it gone (404).
        entry = await entries.own(request.user.id, entry_id, for_update=True)
        files = await entries.photo_files(entry)
        # What the patterns, insights, story and weekly focus drew from it goes first, at once
        # (`api/journal/forgetting.py`); then the entry with its untouched extracted tasks, goals and
        # projects and its done hints (`EntryService.remove`); photo rows go by ON DELETE CASCADE,
        # their files go here.
        rebuild_patterns = await forget_entry(entries.repository.session, request.user.id, entry.id)
        await entries.remove(entry)
        await entries.commit()
        for key in files:
            await storage.delete(key)
        return DeletedOut(message="Entry deleted", profile_run_id=_rewrite_story(request, pipelines),
                          patterns_run_id=_rebuild_patterns(request, pipelines) if rebuild_patterns else None)
