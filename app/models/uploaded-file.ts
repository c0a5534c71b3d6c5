// A file a form sent, already streamed to a private temp file by the request's reader (app/http/multipart.server.ts).
export type UploadedFile = { field: string; filename: string; path: string; size: number }
