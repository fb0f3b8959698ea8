"""The scale-out path: `prefect deploy --all` from prefect.yaml onto a real Prefect server, a
process worker, and the API's runner in deployments mode starting a flow run that completes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import httpx
import pytest

from tests.e2e.server import free_port

pytestmark = pytest.mark.slow
REPO = Path(__file__).resolve().parents[2]
PREFECT = str(Path(sys.executable).parent / "prefect")


def _start(args, env, log):
    return subprocess.Popen(args, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)


def _stop(process):
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)


def test_deployments_run_on_a_process_worker(tmp_path):
    port = free_port()
    api_url = f"http://127.0.0.1:{port}/api"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update({
        "PREFECT_HOME": str(tmp_path / "prefect"),
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "PREFECT_SERVER_UI_ENABLED": "false",
        "REVERIE_REPO_DIR": str(REPO),
        "REVERIE_DATA_DIR": str(tmp_path / "data"),
    })
    log = open(tmp_path / "prefect.log", "wb")
    server = _start([PREFECT, "server", "start", "--host", "127.0.0.1", "--port", str(port)], env, log)
    worker = None
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                if httpx.get(api_url + "/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(1)
        else:
            pytest.fail("Prefect server did not start:\n" + (tmp_path / "prefect.log").read_text()[-3000:])
        client_env = {**env, "PREFECT_API_URL": api_url}
        for args in (["work-pool", "create", "reverie-process", "--type", "process"], ["--no-prompt", "deploy", "--all"]):
            done = subprocess.run([PREFECT, *args], cwd=REPO, env=client_env, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stdout + done.stderr
        worker = _start([PREFECT, "worker", "start", "--pool", "reverie-process"], client_env, log)

        script = textwrap.dedent(
            """
            import time
            from pipelines import configure_prefect
            configure_prefect()
            from pipelines.runtime import PipelineRunner
            from prefect.client.orchestration import get_client
            runner = PipelineRunner(mode="deployments", workers=1)
            runner.start()
            assert runner.wait_until_ready(60), runner.status()
            run = runner.wait(runner.submit("weekly-focus", user_id="u1", domain="personal").id, timeout=60)
            assert run.state == "scheduled" and run.prefect_flow_run_id, run
            with get_client(sync_client=True) as client:
                for _ in range(120):
                    flow_run = client.read_flow_run(run.prefect_flow_run_id)
                    if flow_run.state.is_final():
                        break
                    time.sleep(1)
            print("FINAL", flow_run.state.type.value)
            """
        )
        result = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=client_env, capture_output=True,
                                text=True, timeout=300)
        assert "FINAL COMPLETED" in result.stdout, result.stdout + result.stderr
    finally:
        if worker is not None:
            _stop(worker)
        _stop(server)
        log.close()
