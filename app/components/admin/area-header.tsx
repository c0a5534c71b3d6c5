import { Form, useLocation } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden } from '#app/components/ui/input.tsx'

// The other language of a signed-in area, posted to the area's own address (the admin's, or a
// translator's /work), back to the page it was chosen on.
export function LanguageSwitch({ action }: { action: string }) {
	const { locale } = useAdminI18n()
	const location = useLocation()
	const other = locale === 'da' ? 'en' : 'da'
	return (
		<Form method="post" action={action}>
			<AuthenticityTokenInput />
			<Hidden name="redirectTo" value={location.pathname + location.search} />
			<Hidden name="locale" value={other} />
			<Button variant="bare" type="submit" lang={other} className="text-teal-800 underline">
				{other === 'en' ? 'English' : 'Dansk'}
			</Button>
		</Form>
	)
}

export function LogOut({ action }: { action: string }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" action={action}>
			<AuthenticityTokenInput />
			<Button variant="secondarySmall" type="submit">
				{t('nav.logout')}
			</Button>
		</Form>
	)
}
