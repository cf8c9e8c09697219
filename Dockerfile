# A slim image running the API under gunicorn as a non-root user.
# Build: docker build -t ramchi .   Run: docker run -p 8000:8000 -v ramchi-data:/data ramchi
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY rulesets ./rulesets
COPY solver ./solver
COPY api ./api
RUN pip wheel --no-cache-dir --wheel-dir /wheels ".[postgres]"

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite:////data/ramchi.db \
    RAMCHI_RULES_DIR=/usr/local/share/ramchi/rules
COPY --from=build /wheels /wheels
# The rules documents the service shows at /rules/<game> (api/rules_pages.py): the wheel holds
# only the Python packages, so they are copied next to it and RAMCHI_RULES_DIR names them.
COPY docs/rules /usr/local/share/ramchi/rules
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && useradd --create-home --uid 10001 ramchi \
    && mkdir /data && chown ramchi:ramchi /data
USER ramchi
WORKDIR /home/ramchi
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=4).status != 200)"
# What `make run` does: upgrade the schema once (`ramchi db upgrade`), then gunicorn with the
# same settings; its workers never migrate. RAMCHI_WORKERS etc. tune it (docs/deployment.md).
CMD ["ramchi", "serve", "--host", "0.0.0.0", "--port", "8000"]
