import { describe, expect, it } from "vitest";
import {
  parseTeamSize,
  sliderSeats,
  TEAM_SIZE_INPUT_MAX,
  TEAM_SIZE_MESSAGE,
  teamQuote,
} from "./team-quote.ts";

describe("teamQuote", () => {
  it("prices the default team of 5 at $10 per person: $50 a month, $480 a year", () => {
    expect(teamQuote("5")).toEqual({
      kind: "priced",
      seats: 5,
      hint: "Small team",
      monthly: 50,
      yearly: 480,
      yearlySaving: 120,
    });
  });

  it("prices the bounds of the calculator", () => {
    expect(teamQuote("2")).toMatchObject({ monthly: 20, yearly: 192, yearlySaving: 48 });
    expect(teamQuote("100")).toMatchObject({ monthly: 1000, yearly: 9600, yearlySaving: 2400 });
  });

  it.each([
    ["5", "Small team"],
    ["6", "Growing team"],
    ["20", "Growing team"],
    ["21", "Enterprise"],
    ["50", "Enterprise"],
    ["51", "Large organisation"],
    ["100", "Large organisation"],
  ])("%s people is a %s", (seats, hint) => {
    expect(teamQuote(seats)).toMatchObject({ kind: "priced", hint });
  });

  it("asks teams above 100 people to contact us instead of pricing them", () => {
    expect(teamQuote("101")).toEqual({ kind: "custom", seats: 101 });
    expect(teamQuote("250")).toEqual({ kind: "custom", seats: 250 });
  });

  it.each(["", " ", "1", "0", "-3", "2.5", "abc", "1e3"])("refuses %j", (raw) => {
    expect(teamQuote(raw).kind).toBe("invalid");
  });

  it("says why a size is refused", () => {
    expect(teamQuote("1")).toEqual({ kind: "invalid", message: TEAM_SIZE_MESSAGE });
    expect(parseTeamSize("")).toEqual({ message: "Enter the number of people in your team." });
    expect(parseTeamSize("3.5")).toEqual({ message: "Use a whole number of people." });
  });

  it("caps absurd sizes instead of overflowing", () => {
    expect(parseTeamSize("99999999999999999999")).toEqual({ seats: TEAM_SIZE_INPUT_MAX });
  });
});

describe("sliderSeats", () => {
  it("keeps the slider on its 2 to 100 track whatever is typed", () => {
    expect(sliderSeats("7")).toBe(7);
    expect(sliderSeats("150")).toBe(100);
    expect(sliderSeats("1")).toBe(2);
    expect(sliderSeats("")).toBe(2);
  });
});
