/**
 * The model and thinking part of AgentSession (agent-session.ts): the chat model and the thinking
 * level of the next turn, the models a client may pick, and the switches, written into the session
 * as /model and /thinking write them (model_change, thinking_level_change). It reads the live
 * session through {@link ModelHost} each time, so a fork or a switch applies at once.
 */
import type { ModelChoice } from "../config/model-config.js";
import type { ResolvedModel } from "../llm/resolve-model.js";
import { canThink, isThinkingLevel, pathThinkingLevel, THINKING_LEVELS, type ThinkingLevel } from "../llm/thinking.js";
import type { SessionStore } from "../session/store.js";
import { AgentError } from "./types.js";

/** What the model part reads from its session. */
type ModelHost = {
	store(): SessionStore;
	/** Throws AgentError "busy" while a run or an operation goes. */
	idle(): void;
	models: ModelChoice;
	/** --models / settings enabledModels: the models cycleModel goes through (undefined: all). */
	scope?: (spec: string) => boolean;
	/** The chat model was switched (extensions' model_select). */
	selected?: (event: { model: string; previousModel?: string; source: "set" | "cycle" }) => void;
	/** The thinking level was set to another one (pi's thinking_level_changed). */
	levelChanged?: (level: ThinkingLevel) => void;
};

export class ModelPicks {
	constructor(
		private readonly host: ModelHost,
		private picked: ResolvedModel | undefined,
		private level: ThinkingLevel | undefined,
	) {}

	/** The chat model of the next turn, if any. */
	get chat(): ResolvedModel | undefined {
		return this.picked;
	}

	/** The thinking level chosen for this session (flag or setThinkingLevel); undefined: the path's. */
	get thinking(): ThinkingLevel | undefined {
		return this.level;
	}

	/** Another session became the live one: its own path says its thinking level. */
	sessionReplaced(): void {
		this.level = undefined;
	}

	/** See AgentSession.models. */
	models(): ResolvedModel[] {
		const out: ResolvedModel[] = this.picked ? [this.picked] : [];
		for (const provider of this.host.models.catalog.providers) {
			for (const info of provider.models) {
				const spec = `${provider.name}:${info.id}`;
				if (out.some((m) => m.provider === provider.name && m.modelId === info.id)) continue;
				const resolved = this.host.models.resolve(spec);
				if (resolved.ok) out.push(resolved.value);
			}
		}
		return out;
	}

	/** See AgentSession.setModel. */
	setModel(spec: string, source: "set" | "cycle" = "set"): ResolvedModel {
		const resolved = this.host.models.resolve(spec);
		if (!resolved.ok) throw new AgentError("invalid", resolved.message);
		this.use(resolved.value, source);
		return resolved.value;
	}

	/** Whether --models / enabledModels limit cycleModel. */
	get scoped(): boolean {
		return this.host.scope !== undefined;
	}

	/** See AgentSession.cycleModel. */
	cycleModel(): ResolvedModel | undefined {
		const models = this.models();
		const scoped = this.host.scope ? models.filter((m) => this.host.scope?.(m.spec)) : models;
		const all = scoped.length > 0 ? scoped : models;
		if (all.length < 2 && all[0]?.spec === this.picked?.spec) return undefined;
		const index = all.findIndex((m) => m.spec === this.picked?.spec);
		const next = all[(index + 1) % all.length];
		if (next) this.use(next, "cycle");
		return next;
	}

	/** See AgentSession.thinkingLevel. */
	thinkingLevel(): ThinkingLevel {
		return this.level ?? pathThinkingLevel(this.host.store().snapshot());
	}

	/** See AgentSession.setThinkingLevel. */
	setThinkingLevel(level: string): void {
		this.host.idle();
		if (!isThinkingLevel(level)) throw new AgentError("invalid", `unknown thinking level "${level}" (use ${THINKING_LEVELS.join(", ")})`);
		if (level !== "off" && !canThink(this.picked)) {
			throw new AgentError("invalid", `${this.picked?.spec ?? "no model"} is not marked as a reasoning model (declare "reasoning": true for it in models.json)`);
		}
		const store = this.host.store();
		const before = this.thinkingLevel();
		if (level !== pathThinkingLevel(store.snapshot())) {
			store.append({ type: "thinking_level_change", thinkingLevel: level });
			store.sync();
		}
		this.level = level;
		if (level !== before) this.host.levelChanged?.(level);
	}

	private use(model: ResolvedModel, source: "set" | "cycle"): void {
		this.host.idle();
		const previous = this.picked;
		this.picked = model;
		this.host.selected?.({ model: model.spec, ...(previous ? { previousModel: previous.spec } : {}), source });
		const store = this.host.store();
		const current = store.snapshot().buildContext().model;
		if (store.snapshot().leafId !== null && (current?.provider !== model.provider || current.modelId !== model.modelId)) {
			store.append({ type: "model_change", provider: model.provider, modelId: model.modelId });
			store.sync();
		}
	}
}
