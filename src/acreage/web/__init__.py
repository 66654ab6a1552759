"""The web play platform: ``acreage serve`` (FastAPI + uvicorn + websockets), see docs/web.md."""
