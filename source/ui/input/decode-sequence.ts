import { key, type KeyEvent, type KeyName, type Modifiers } from "./key-event.js";

/**
 * Meaning of one complete escape sequence: a key, the start of a bracketed paste, or nothing (an
 * unknown or unwanted sequence, which is dropped rather than typed).
 */
export type Decoded = KeyEvent | "paste-start" | undefined;

/** xterm/kitty modifier parameter (1 + bits: 1 shift, 2 alt, 4 ctrl, 32 meta). */
function modifiers(param: string | undefined): Modifiers {
	const bits = Math.max(0, (Number.parseInt(param ?? "1", 10) || 1) - 1);
	return { shift: (bits & 1) !== 0, alt: (bits & 2) !== 0 || (bits & 32) !== 0, ctrl: (bits & 4) !== 0 };
}

const CODE_KEYS: Record<number, KeyName> = { 13: "return", 27: "escape", 9: "tab", 127: "backspace", 8: "backspace", 57414: "return" };

/**
 * A key given by code point and modifiers (kitty `CSI code;mods u`, xterm modifyOtherKeys
 * `CSI 27;mods;code ~`). Printable keys without Ctrl/Alt are text; Ctrl/Alt + a character is a key.
 */
function keyFromCode(code: number, mods: Modifiers, text?: string): Decoded {
	const named = CODE_KEYS[code];
	if (named) return key(named, mods);
	// Kitty's private-use codes are keypad, media and lone modifier keys: nothing to type.
	if (!Number.isInteger(code) || code < 32 || (code >= 0xe000 && code <= 0xf8ff) || code > 0x10ffff) return undefined;
	if (code >= 0xd800 && code <= 0xdfff) return undefined;
	const char = String.fromCodePoint(code);
	if (mods.ctrl || mods.alt) return key(mods.ctrl ? char.toLowerCase() : char, mods);
	return { kind: "text", text: text ?? (mods.shift ? char.toUpperCase() : char) };
}

function kittyText(field: string | undefined): string | undefined {
	if (!field) return undefined;
	const codes = field.split(":").map((c) => Number.parseInt(c, 10));
	if (codes.some((c) => !Number.isInteger(c) || c < 32 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))) return undefined;
	return String.fromCodePoint(...codes);
}

function decodeKitty(params: string[]): Decoded {
	const [codeField, modField, textField] = params;
	const [codeText = ""] = (codeField ?? "").split(":");
	const code = Number.parseInt(codeText, 10);
	const [mod, eventType] = (modField ?? "1").split(":");
	if (eventType === "3") return undefined; // key release
	return keyFromCode(code, modifiers(mod), kittyText(textField));
}

const TILDE_KEYS: Record<string, KeyName> = {
	"1": "home", "7": "home", "4": "end", "8": "end", "2": "insert", "3": "delete", "5": "pageup", "6": "pagedown",
};

function decodeTilde(params: string[]): Decoded {
	const [first, second, third] = params;
	if (first === "200") return "paste-start";
	if (first === "27") return keyFromCode(Number.parseInt(third ?? "", 10), modifiers(second));
	const named = TILDE_KEYS[first ?? ""];
	return named ? key(named, modifiers(second)) : undefined;
}

const LETTER_KEYS: Record<string, KeyName> = { A: "up", B: "down", C: "right", D: "left", H: "home", F: "end" };

/** `ESC [ params final`; `params` may start with a private marker (`?`, `>`, `<`, `=`). */
export function decodeCsi(params: string, final: string): Decoded {
	// Private sequences are terminal replies (kitty flags, device attributes): never keys.
	if (/^[?<>=]/.test(params)) return undefined;
	const fields = params.split(";");
	switch (final) {
		case "u":
			return decodeKitty(fields);
		case "~":
			return decodeTilde(fields);
		case "Z":
			return key("tab", { shift: true });
		default: {
			const named = LETTER_KEYS[final];
			return named ? key(named, modifiers(fields[1])) : undefined;
		}
	}
}

/** `ESC O final` (application cursor keys, keypad Enter). */
export function decodeSs3(final: string): Decoded {
	if (final === "M") return key("return");
	const named = LETTER_KEYS[final];
	return named ? key(named) : undefined;
}
