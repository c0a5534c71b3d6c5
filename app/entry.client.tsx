import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { routerFetch } from '#app/utils/router-fetch.client.ts'

startTransition(() => {
	hydrateRoot(
		document,
		<StrictMode>
			<HydratedRouter unstable_fetch={routerFetch} />
		</StrictMode>,
	)
})
