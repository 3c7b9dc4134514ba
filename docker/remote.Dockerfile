# One image recipe for every remote; the workspace is a build argument. Build context is the repository root:
#   docker build -f docker/remote.Dockerfile --build-arg WORKSPACE=mfe-editor -t storyverse-mfe-editor .
# The remote's files are served with CORS on PORT; the shell learns its URL from its own environment.
FROM node:24-slim AS build
ARG WORKSPACE
RUN test -n "$WORKSPACE" || (echo "build with --build-arg WORKSPACE=mfe-<name>" && exit 1)
WORKDIR /app
ENV npm_config_update_notifier=false
COPY . .
RUN npm install --no-audit --no-fund --include=dev --workspace "$WORKSPACE" --workspace shared-kit --include-workspace-root \
 && npm run build --workspace "$WORKSPACE"

FROM node:24-slim
ARG WORKSPACE
WORKDIR /app
ENV NODE_ENV=production \
    WORKSPACE=${WORKSPACE} \
    PORT=8081 \
    HOST=0.0.0.0 \
    npm_config_update_notifier=false
# The static server (the shell's, shell/server/static.ts) needs only tsx to run; nothing of the app's dependencies is used at run time.
COPY --from=build /app/node_modules/tsx ./node_modules/tsx
COPY --from=build /app/node_modules/esbuild ./node_modules/esbuild
COPY --from=build /app/node_modules/@esbuild ./node_modules/@esbuild
COPY --from=build /app/shell/server/static.ts ./shell/server/static.ts
COPY --from=build /app/${WORKSPACE}/dist ./dist
USER node
EXPOSE 8081
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/mf-manifest.json').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "shell/server/static.ts", "--dir", "dist"]
