"""Journal photos: upload, list, owner-only files, delete; content checks, metadata stripping,
size and pixel limits, per-user isolation, and clean-up with the entry and the account."""

from __future__ import annotations

import io
import uuid
from pathlib import Path

import pytest
import sqlalchemy as sa
from litestar.testing import TestClient
from PIL import Image

from api.photos.controllers import MAX_PHOTO_BYTES
from tests.support.accounts import PASSWORD, signed_up
from tests.support.app import app_client

GPS_IFD = 0x8825
ORIENTATION = 0x0112


def image_bytes(fmt: str = "JPEG", size: tuple[int, int] = (800, 600), mode: str = "RGB", exif=None) -> bytes:
    image = Image.new(mode, size, "red" if mode != "L" else 128)
    out = io.BytesIO()
    if exif is not None:
        image.save(out, fmt, exif=exif)
    else:
        image.save(out, fmt)
    return out.getvalue()


def gps_exif(orientation: int | None = None) -> Image.Exif:
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"  # camera make
    if orientation:
        exif[ORIENTATION] = orientation
    gps = exif.get_ifd(GPS_IFD)
    gps[1], gps[2], gps[3], gps[4] = "N", (38.0, 43.0, 12.5), "W", (9.0, 8.0, 7.0)
    return exif


def files_dir(settings) -> Path:
    return settings.data_dir / "files"


def stored_files(settings) -> list[Path]:
    root = files_dir(settings)
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


@pytest.fixture
def entry_id(ana) -> str:
    response = ana.post("/api/journal", json={"content": "A day at the beach."})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def upload(client, entry: str, data: bytes, name: str = "photo.jpg", content_type: str = "image/jpeg",
           caption: str | None = None):
    form = {"caption": caption} if caption is not None else None
    return client.post(f"/api/journal-photos/{entry}", files={"photo": (name, data, content_type)}, data=form)


def test_upload_list_serve_delete(ana, entry_id, settings):
    created = upload(ana, entry_id, image_bytes(size=(1200, 900)), caption="  Sunset at the pier  ")
    assert created.status_code == 201, created.text
    photo = created.json()
    assert set(photo) == {"id", "url", "thumbnailUrl", "caption", "createdAt", "width", "height"}
    assert photo["caption"] == "Sunset at the pier"
    assert (photo["width"], photo["height"]) == (1200, 900)
    assert photo["url"] == f"/api/journal-photos/file/{photo['id']}"
    assert photo["thumbnailUrl"] == f"/api/journal-photos/thumbnail/{photo['id']}"

    listed = ana.get(f"/api/journal-photos/{entry_id}")
    assert listed.status_code == 200 and listed.json() == [photo]

    full = ana.get(photo["url"])
    assert full.status_code == 200 and full.headers["content-type"] == "image/jpeg"
    assert "private" in full.headers["cache-control"]
    assert Image.open(io.BytesIO(full.content)).size == (1200, 900)
    thumb = ana.get(photo["thumbnailUrl"])
    assert thumb.status_code == 200 and thumb.headers["content-type"] == "image/jpeg"
    assert "private" in thumb.headers["cache-control"]
    assert max(Image.open(io.BytesIO(thumb.content)).size) <= 320

    user_id = ana.get("/api/auth/me").json()["id"]
    on_disk = stored_files(settings)
    assert len(on_disk) == 2 and all(p.parent == files_dir(settings) / user_id for p in on_disk)

    deleted = ana.delete(f"/api/journal-photos/{photo['id']}")
    assert deleted.status_code == 200 and deleted.json() == {"success": True}
    assert stored_files(settings) == []
    assert ana.get(f"/api/journal-photos/{entry_id}").json() == []
    assert ana.get(photo["url"]).status_code == 404
    assert ana.delete(f"/api/journal-photos/{photo['id']}").status_code == 404


@pytest.mark.parametrize("fmt, mode, content_type", [
    ("PNG", "RGBA", "image/png"), ("WEBP", "RGB", "image/jpeg"), ("GIF", "P", "image/jpeg"),
    ("PNG", "L", "image/jpeg"),
])
def test_accepted_formats(ana, entry_id, fmt, mode, content_type):
    created = upload(ana, entry_id, image_bytes(fmt, (400, 300), mode), name=f"x.{fmt.lower()}",
                     content_type=f"image/{fmt.lower()}")
    assert created.status_code == 201, created.text
    served = ana.get(created.json()["url"])
    assert served.headers["content-type"] == content_type
    assert Image.open(io.BytesIO(served.content)).size == (400, 300)


def test_gps_and_other_exif_are_stripped_and_orientation_honoured(ana, entry_id, settings):
    original = image_bytes(size=(400, 200), exif=gps_exif(orientation=6))  # 6: rotate 90° clockwise
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(GPS_IFD)  # the upload does carry GPS
    created = upload(ana, entry_id, original)
    assert created.status_code == 201, created.text
    assert (created.json()["width"], created.json()["height"]) == (200, 400)

    on_disk = stored_files(settings)
    assert len(on_disk) == 2
    for path in on_disk:
        image = Image.open(path)
        exif = image.getexif()
        assert not exif.get_ifd(GPS_IFD) and GPS_IFD not in exif
        assert len(exif) == 0 and "exif" not in image.info
        assert b"Exif" not in path.read_bytes() and b"PhoneMaker" not in path.read_bytes()
    served = Image.open(io.BytesIO(ana.get(created.json()["url"]).content))
    assert served.size == (200, 400) and not served.getexif().get_ifd(GPS_IFD)


def test_a_png_name_on_non_image_bytes_is_400_and_stores_nothing(ana, entry_id, settings):
    response = upload(ana, entry_id, b"this is not a picture at all" * 20, name="holiday.png",
                      content_type="image/png")
    assert response.status_code == 400, response.text
    assert response.json()["field"] == "photo" and "not an image" in response.json()["error"]
    assert stored_files(settings) == []
    assert ana.get(f"/api/journal-photos/{entry_id}").json() == []


@pytest.mark.parametrize("parts", [
    {"photo": (None, image_bytes("PNG", (40, 30)))},  # the image as a plain field, no filename
    {"photo": ("p.png", image_bytes("PNG", (40, 30)), "image/png"), "caption": (None, "caf\xe9".encode("latin-1"))},
])
def test_form_parts_that_are_not_utf8_text_are_400_not_500(ana, entry_id, settings, parts):
    """Found by fuzzing: a part without a filename is read as text, and non-UTF-8 bytes crashed."""
    response = ana.post(f"/api/journal-photos/{entry_id}", files=parts)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "The upload could not be read. Please choose the photo again."
    assert stored_files(settings) == []
    assert ana.get(f"/api/journal-photos/{entry_id}").json() == []


def test_a_truncated_image_is_400(ana, entry_id, settings):
    data = image_bytes("PNG", (300, 300))
    response = upload(ana, entry_id, data[: len(data) // 2], name="cut.png", content_type="image/png")
    assert response.status_code == 400 and response.json()["field"] == "photo"
    assert stored_files(settings) == []


def test_other_image_formats_are_refused(ana, entry_id):
    response = upload(ana, entry_id, image_bytes("BMP", (50, 50)), name="x.bmp", content_type="image/bmp")
    assert response.status_code == 400 and response.json()["field"] == "photo"


def test_over_10_mb_is_413_and_stores_nothing(ana, entry_id, settings):
    response = upload(ana, entry_id, b"\xff" * (MAX_PHOTO_BYTES + 1))
    assert response.status_code == 413, response.text
    assert response.json()["error"] == "That photo is too large. The limit is 10 MB."
    assert stored_files(settings) == []
    assert ana.get(f"/api/journal-photos/{entry_id}").json() == []


def test_a_much_bigger_body_is_our_413_not_a_500(ana, entry_id, settings):
    response = upload(ana, entry_id, b"\xff" * (MAX_PHOTO_BYTES + 2 * 1024 * 1024))
    assert response.status_code == 413, response.text
    assert response.json()["error"] == "That photo is too large. The limit is 10 MB."
    assert stored_files(settings) == []


def test_exactly_10_mb_gets_through_the_body_limit(ana, entry_id):
    # Not an image, but big enough to prove the body limit lets 10 MB reach the content check.
    response = upload(ana, entry_id, b"\x00" * MAX_PHOTO_BYTES, name="big.png", content_type="image/png")
    assert response.status_code == 400 and response.json()["field"] == "photo"


def test_decompression_bomb_is_400(ana, entry_id, settings):
    bomb = image_bytes("PNG", (7000, 6000), "L")  # 42 megapixels, a small file
    assert len(bomb) < MAX_PHOTO_BYTES
    response = upload(ana, entry_id, bomb, name="bomb.png", content_type="image/png")
    assert response.status_code == 400, response.text
    assert "megapixels" in response.json()["error"]
    assert stored_files(settings) == []


def test_missing_photo_field_is_400_naming_it(ana, entry_id):
    response = ana.post(f"/api/journal-photos/{entry_id}", data={"caption": "no file"},
                        files={"other": ("x.txt", b"x", "text/plain")})
    assert response.status_code == 400, response.text
    assert response.json()["field"] == "photo" and response.json()["error"]
    not_multipart = ana.post(f"/api/journal-photos/{entry_id}", data={"caption": "no file"})
    assert not_multipart.status_code == 400 and not_multipart.json()["error"]


def test_caption_longer_than_300_is_400(ana, entry_id, settings):
    response = upload(ana, entry_id, image_bytes(size=(50, 50)), caption="x" * 301)
    assert response.status_code == 400 and response.json()["field"] == "caption"
    assert stored_files(settings) == []
    assert upload(ana, entry_id, image_bytes(size=(50, 50)), caption="x" * 300).status_code == 201


def test_unknown_entry_is_404(ana):
    missing = uuid.uuid4()
    assert ana.get(f"/api/journal-photos/{missing}").status_code == 404
    assert upload(ana, str(missing), image_bytes(size=(50, 50))).status_code == 404


def test_another_users_entry_and_photo_are_404(app, settings):
    with app_client(app, raise_server_exceptions=False) as ana, \
            app_client(app, raise_server_exceptions=False) as ben:
        signed_up(ana, settings.outbox_dir)
        signed_up(ben, settings.outbox_dir, username="ben", email_address="ben@example.com")
        entry = ana.post("/api/journal", json={"content": "Mine."}).json()["id"]
        photo = upload(ana, entry, image_bytes(size=(100, 100))).json()
        before = stored_files(settings)

        for response in (
            ben.get(f"/api/journal-photos/{entry}"),
            upload(ben, entry, image_bytes(size=(100, 100))),
            ben.get(f"/api/journal-photos/file/{photo['id']}"),
            ben.get(f"/api/journal-photos/thumbnail/{photo['id']}"),
            ben.delete(f"/api/journal-photos/{photo['id']}"),
        ):
            assert response.status_code == 404, response.text
            assert response.json()["error"]
        assert stored_files(settings) == before
        assert ana.get(f"/api/journal-photos/{entry}").json() == [photo]
        assert ana.get(photo["url"]).status_code == 200


def test_files_need_a_session(ana, entry_id, app):
    photo = upload(ana, entry_id, image_bytes(size=(100, 100))).json()
    with TestClient(app=app, raise_server_exceptions=False) as visitor:
        assert visitor.get(photo["url"]).status_code == 401
        assert visitor.get(photo["thumbnailUrl"]).status_code == 401


async def _photo_count(database_url: str) -> int:
    from sqlalchemy.ext.asyncio import create_async_engine

    engine = create_async_engine(database_url)
    async with engine.connect() as conn:
        count = (await conn.execute(sa.text("SELECT count(*) FROM photos"))).scalar_one()
    await engine.dispose()
    return count


def test_deleting_the_entry_removes_its_photos_and_their_files(ana, entry_id, database_url, settings):
    import anyio

    other = ana.post("/api/journal", json={"content": "Another day."}).json()["id"]
    upload(ana, entry_id, image_bytes(size=(100, 100)))
    upload(ana, entry_id, image_bytes(size=(100, 100)))
    kept = upload(ana, other, image_bytes(size=(100, 100))).json()
    assert anyio.run(_photo_count, database_url) == 3
    assert len(stored_files(settings)) == 6  # each photo and its thumbnail
    assert ana.delete(f"/api/journal/{entry_id}").status_code == 200
    assert anyio.run(_photo_count, database_url) == 1
    assert len(stored_files(settings)) == 2
    assert ana.get(f"/api/journal-photos/{entry_id}").status_code == 404
    assert ana.get(f"/api/journal-photos/{other}").json() == [kept]


def test_deleting_the_account_removes_its_files(ana, entry_id, settings, database_url):
    import anyio

    upload(ana, entry_id, image_bytes(size=(100, 100)))
    user_id = ana.get("/api/auth/me").json()["id"]
    assert (files_dir(settings) / user_id).is_dir() and stored_files(settings)
    assert ana.request("DELETE", "/api/users/account", json={"currentPassword": PASSWORD}).status_code == 200
    assert not (files_dir(settings) / user_id).exists() and stored_files(settings) == []
    assert anyio.run(_photo_count, database_url) == 0


def test_storage_keys_cannot_leave_the_root(tmp_path):
    from api.storage import LocalFileStorage, StorageKeyError

    storage = LocalFileStorage(tmp_path / "files")
    for key in ("../escape.jpg", "/etc/passwd", "a/../../b", "a//b", "", "a/./b", "a\\..\\b", "a/b\x00"):
        with pytest.raises(StorageKeyError):
            storage.path_for(key)
    assert storage.path_for("user/photo.jpg") == (tmp_path / "files" / "user" / "photo.jpg").resolve()
