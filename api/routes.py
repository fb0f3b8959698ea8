"""Every route of the app, collected in one place: one line per domain."""

from __future__ import annotations

from api.accounts.controllers import AuthController, UsersController
from api.admin.codes import PromoCodesAdminController
from api.admin.controllers import AdminController
from api.health.controllers import HealthController
from api.insights.controllers import InsightsController
from api.journal.backup.controllers import ExportController
from api.journal.chat import EntryChatController
from api.journal.controllers import JournalController
from api.journal.import_controller import JournalImportController
from api.journal.reflection import ReflectionController
from api.journal.search import JournalSearchController
from api.journal.stats import JournalStatsController
from api.patterns.controllers import PatternAIController, PatternsController
from api.photos.controllers import PhotosController
from api.profile.controllers import ProfileController, ProfileDraftController
from api.reports.controllers import TherapistReportController
from api.resume.controllers import ResumeController
from api.spa import serve_spa
from api.subscription.controllers import SubscriptionController, WaitlistController
from api.tasks.controllers import GoalsController, ProjectsController, TasksController
from api.tasks.extraction import TaskExtractionController
from api.tasks.quick_tasks import QuickTasksController
from api.tasks.weekly_focus import WeeklyFocusController

ROUTE_HANDLERS = [
    HealthController,
    AuthController, UsersController, ExportController,
    JournalController, JournalSearchController, EntryChatController, TherapistReportController, PhotosController,
    JournalImportController, JournalStatsController, ReflectionController,
    TasksController, ProjectsController, GoalsController, WeeklyFocusController, QuickTasksController,
    TaskExtractionController,
    ProfileController, ProfileDraftController, ResumeController,
    InsightsController, PatternsController, PatternAIController,
    SubscriptionController, WaitlistController,
    AdminController, PromoCodesAdminController,
    serve_spa,  # last: everything that is not /api is the web app
]
