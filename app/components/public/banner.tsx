import { useFetcher } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

// A real form, so dismissing works before the scripts load; the fetcher hides it at once.
export function Banner() {
	const { t } = useI18n()
	const fetcher = useFetcher()
	if (fetcher.state !== 'idle' || fetcher.data) return null
	return (
		<aside aria-label={t('banner.label')} className="bg-teal-800 text-white">
			<div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 text-sm">
				<Text k="banner.text" as="p" />
				<fetcher.Form method="post" action="/banner">
					<AuthenticityTokenInput />
					<Button variant="bare"
						type="submit"
						aria-label={t('banner.dismiss')}
						className="rounded px-2 py-1 text-lg leading-none hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-white"
					>
						<span aria-hidden>×</span>
					</Button>
				</fetcher.Form>
			</div>
		</aside>
	)
}
