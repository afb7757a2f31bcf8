import { describe, expect, it } from "vitest";
import { parseQuickCapture, projectTag } from "./quick-capture.ts";

// Quick capture names a project with +Name (decision 176): "#" stays the category's.
const NOW = new Date(2026, 10, 18, 10, 0);
const PROJECTS = [
  { id: "p-inbox", name: "Inbox" },
  { id: "p-web", name: "Website Redesign" },
  { id: "p-q4", name: "Q4 launch" },
];
const parse = (text: string) => parseQuickCapture(text, NOW, undefined, PROJECTS);

describe("quick capture: +Project", () => {
  it("takes a known project out of the title, beside a category of the same word", () => {
    const r = parse("Draft copy +WebsiteRedesign #Design tomorrow");
    expect(r.title).toBe("Draft copy");
    expect(r.project).toEqual({ id: "p-web", name: "Website Redesign" });
    expect(r.category).toBe("Design");
    expect(r.recognized.map((x) => x.kind)).toEqual(["project", "category", "deadline"]);
    expect(r.recognized[0]).toEqual({ kind: "project", text: "+WebsiteRedesign" });
  });

  it("matches any case, with the spaces written as nothing, hyphens or underscores", () => {
    for (const tag of ["+websiteredesign", "+Website-Redesign", "+website_redesign", "(+WEBSITEREDESIGN),"]) {
      expect(parse(`Fix nav ${tag}`).project?.id, tag).toBe("p-web");
    }
    expect(parse("Plan +q4-launch").project?.id).toBe("p-q4");
  });

  it("leaves an unknown +word, a lone + and a + inside a word in the title", () => {
    for (const text of ["Call +Nobody", "Add 2 + 2", "C++ notes", "Email a+b"]) {
      const r = parse(text);
      expect(r.project, text).toBeNull();
      expect(r.title, text).toBe(text);
    }
  });

  it("keeps the first project named; a second stays in the title", () => {
    const r = parse("Sync +Inbox +Q4Launch");
    expect(r.project?.id).toBe("p-inbox");
    expect(r.title).toBe("Sync +Q4Launch");
  });

  it("knows no project when none are given (the line is read as before)", () => {
    const r = parseQuickCapture("Draft +WebsiteRedesign", NOW);
    expect(r.project).toBeNull();
    expect(r.title).toBe("Draft +WebsiteRedesign");
  });

  it("writes a project's tag so that it reads back", () => {
    for (const p of PROJECTS) expect(parse(`x ${projectTag(p.name)}`).project?.id).toBe(p.id);
  });
});

describe("voice: naming a project", () => {
  it("turns 'in project …' and 'to the … project' into the project", async () => {
    const { parseVoiceCommand } = await import("./voice-commands.ts");
    for (const said of [
      "Add task draft the copy in project website redesign tomorrow",
      "add task draft the copy to the website redesign project tomorrow",
    ]) {
      const cmd = parseVoiceCommand(said, NOW, undefined, PROJECTS);
      expect(cmd.kind, said).toBe("add_task");
      if (cmd.kind !== "add_task") continue;
      expect(cmd.draft.project?.id, said).toBe("p-web");
      expect(cmd.draft.title, said).toBe("draft the copy");
    }
  });

  it("leaves an unknown project's words in the title", async () => {
    const { parseVoiceCommand } = await import("./voice-commands.ts");
    const cmd = parseVoiceCommand("add task call Sam in project moon base", NOW, undefined, PROJECTS);
    expect(cmd.kind === "add_task" && cmd.draft.project).toBeNull();
    expect(cmd.kind === "add_task" && cmd.draft.title).toBe("call sam in project moon base");
  });
});
