"""The online game server: FastAPI and WebSockets over the live runtime, with durable storage.

``create_app(settings)`` builds the application; ``gamenight serve`` (``server.command.serve``)
runs it with uvicorn.
"""
