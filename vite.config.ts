import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
	// The server bundle exports createApp(); server/main.ts owns the process.
	environments: { ssr: { build: { rollupOptions: { input: './server/app.ts' } } } },
	build: { assetsInlineLimit: 0 },
	plugins: [tailwindcss(), reactRouter()],
})
