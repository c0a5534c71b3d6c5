import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

// React Router's boot: module preloads hoisted into the head, then one inline module script at the
// end of the body that imports the route modules and hydrates. On a slow line the preloads (about
// 150 KB on the home page) share the line with the HTML and the browser runs them before it
// paints. The page works without script, so it paints first: the preloads leave the head, the boot
// script is parked, and a small script puts both back on the frame after the first paint.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"(?: nonce="[^"<>]*")?\/>/g
const BOOT_OPEN = /<script((?: nonce="[^"<>]*")?) type="module" async=""/
const SCRIPT_CLOSE = '</script>'

// Runs where it stands, removes itself (so hydration meets the body React rendered), and once the
// browser reports its first paint (after a frame where it cannot tell, after 3 s at the latest, at
// once in a hidden tab, which does not paint) adds the preloads and swaps the parked script for a live one with the same text: the
// same nonce, or on a cached page the same hash in the policy.
function bootAfterPaint(hrefs: string[], nonce: string): string {
	return `<script nonce="${nonce}" data-boot-after-paint="">(function(h){var o=document.currentScript,p=o.previousElementSibling;o.remove();function r(){h.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});var s=document.createElement('script');s.type='module';s.nonce=o.nonce;s.textContent=p.textContent;p.replaceWith(s)}var d=0,P=window.PerformanceObserver;function g(){d||(d=1,setTimeout(r))}if(document.visibilityState==='hidden')return g();setTimeout(g,3e3);P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0?new P(g).observe({type:'paint',buffered:true}):requestAnimationFrame(g)})(${JSON.stringify(hrefs)})</script>`
}

type State = { hrefs: string[]; phase: 'head' | 'boot' | 'done'; nonce: string }

// Rewrites what is complete in `text`, returning it and the incomplete tail to keep for later.
function rewrite(text: string, state: State): [string, string] {
	if (state.phase === 'done') return [text, '']
	const lastOpen = text.lastIndexOf('<')
	const cut = lastOpen >= 0 && text.indexOf('>', lastOpen) < 0 ? lastOpen : text.length
	let ready = text.slice(0, cut)
	const rest = text.slice(cut)
	let from = 0
	if (state.phase === 'head') {
		ready = ready.replace(MODULE_PRELOAD, (_tag, href: string) => {
			state.hrefs.push(href)
			return ''
		})
		const boot = BOOT_OPEN.exec(ready)
		if (!boot) return [ready, rest]
		const parked = `<script${boot[1]} type="text/x-deferred-boot"`
		ready = ready.slice(0, boot.index) + parked + ready.slice(boot.index + boot[0].length)
		state.phase = 'boot'
		from = boot.index
	}
	const close = ready.indexOf(SCRIPT_CLOSE, from)
	if (close < 0) return [ready, rest]
	const end = close + SCRIPT_CLOSE.length
	state.phase = 'done'
	return [ready.slice(0, end) + bootAfterPaint(state.hrefs, state.nonce) + ready.slice(end), rest]
}

export function deferBoot(nonce: string): Transform {
	const state: State = { hrefs: [], phase: 'head', nonce }
	// A chunk may end inside a character or a tag: both wait for the next.
	const decoder = new StringDecoder('utf8')
	let carry = ''
	return new Transform({
		transform(chunk: Buffer, _encoding, done) {
			const [ready, rest] = rewrite(carry + decoder.write(chunk), state)
			carry = rest
			done(null, ready)
		},
		flush(done) {
			done(null, carry + decoder.end())
		},
	})
}
