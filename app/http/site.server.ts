import { getSettings, listMenuPages } from '#app/models/site.server.ts'
import { perRequest } from '#app/http/context.server.ts'

// The layout's and the page's loaders both read these: one query per request between them.
export const getRequestSettings = perRequest(getSettings)
export const listRequestMenuPages = perRequest(listMenuPages)
