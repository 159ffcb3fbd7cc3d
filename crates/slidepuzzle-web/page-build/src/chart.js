// The chart code the page uses (the progress graph of a puzzle's solves),
// from uPlot (MIT licence).
export { default as uPlot } from "uplot";
