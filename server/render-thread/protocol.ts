// What the main thread and the render thread (server/render-thread) say to each other.

// A page to render, as the main thread received it and decided who the visitor is.
export type RenderRequest = {
	type: 'render'
	id: number
	url: string
	headers: [string, string][]
	csrfToken: string
	nonce: string
	clientAddress: string
	secureCookies: boolean
	publicUrl: string
}

// Everything the pages show changed (database/content-version.ts): drop what was remembered.
export type ForgetContent = { type: 'forget-content' }

export type QueryAnswer = { type: 'answer'; id: number; result?: unknown; error?: { message: string; code?: string } }

export type ToRenderThread = RenderRequest | ForgetContent | QueryAnswer

// The rendered page, compressed for the visitor.
export type Rendered = {
	type: 'rendered'
	id: number
	status: number
	statusText: string
	headers: [string, string][]
	cookies: string[]
	body: Uint8Array
}

export type RenderFailed = { type: 'render-failed'; id: number; message: string }

// A statement for the main thread's pool. `all`: rows as arrays, for Drizzle's own mapping;
// `execute`: the driver's whole result ({ rows, rowCount }).
export type Query = { type: 'query'; id: number; sql: string; params: unknown[]; method: 'all' | 'execute' }

export type FromRenderThread = Rendered | RenderFailed | Query | { type: 'ready' }
