import { useEffect, useEffectEvent, useRef } from 'react'
import { useNavigation, useRevalidator } from 'react-router'
import type { Consumer } from '@rails/actioncable'
import type { LiveStream } from '#app/utils/cable.ts'

// One Action Cable consumer per page, created on first use; the official client reads the
// socket's address from <meta name="action-cable-url">, treats it as stale after 6 s without a
// ping and reopens it 500 ms after a close.
let consumer: Promise<Consumer> | undefined
function getConsumer(): Promise<Consumer> {
	consumer ??= import('@rails/actioncable').then(({ createConsumer }) => createConsumer())
	return consumer
}

// Subscribes the component to a signed stream. Messages come to onMessage; onConnected runs once
// the subscription stands (again, after a reconnect), so the page can fetch what it missed before;
// onRejected when the server refuses the name (it expired, or the session that was given it ended).
export function useLiveStream<T>(
	stream: LiveStream,
	onMessage: (message: T) => void,
	onConnected?: (isReconnect: boolean) => void,
	onRejected?: () => void,
) {
	const receive = useEffectEvent(onMessage)
	const resume = useEffectEvent((isReconnect: boolean) => onConnected?.(isReconnect))
	const refused = useEffectEvent(() => onRejected?.())
	useEffect(() => {
		let isCancelled = false
		let hasConnected = false
		let subscription: ReturnType<Consumer['subscriptions']['create']> | undefined
		void getConsumer().then((cable) => {
			if (isCancelled) return
			subscription = cable.subscriptions.create(
				{ channel: stream.channel, signed_stream_name: stream.signedStreamName },
				{
					connected() {
						resume(hasConnected)
						hasConnected = true
					},
					received(data: unknown) {
						receive(data as T)
					},
					rejected() {
						refused()
					},
				},
			)
		})
		return () => {
			isCancelled = true
			subscription?.unsubscribe()
		}
	}, [stream.channel, stream.signedStreamName])
}

// A page whose loader has all it shows: any message on the stream, or a reconnect (after which
// something may have been missed), loads it again. While a form's answer is still loading (the
// page's own change, whose broadcast often arrives first) the reload waits until it has come:
// React Router would otherwise abort that load and start another, and the first one had already
// taken the flash message ("The status is changed.") from its cookie.
export function useReloadOnStream(stream: LiveStream) {
	const revalidator = useRevalidator()
	const navigation = useNavigation()
	const isBusy = navigation.state !== 'idle'
	const busy = useRef(isBusy)
	const waiting = useRef(false)
	useEffect(() => {
		busy.current = isBusy
		if (isBusy || !waiting.current) return
		waiting.current = false
		void revalidator.revalidate()
	}, [isBusy, revalidator])
	const reload = () => {
		if (busy.current) waiting.current = true
		else void revalidator.revalidate()
	}
	// A refused name is asked for afresh once: the page's loader signs new ones (or sends a page
	// whose session ended to the sign-in).
	const retried = useRef<string | null>(null)
	const renew = () => {
		if (retried.current === stream.signedStreamName) return
		retried.current = stream.signedStreamName
		reload()
	}
	useLiveStream(stream, reload, (isReconnect) => isReconnect && reload(), renew)
}

// The element that listens carries the stream, as the spec's pages do.
export function streamAttributes(stream: LiveStream) {
	return { 'data-channel': stream.channel, 'data-signed-stream-name': stream.signedStreamName }
}
