// The graph-layout code the page uses, from d3-force (ISC licence).
export { forceSimulation, forceLink, forceManyBody, forceCenter, forceX, forceY, forceCollide } from "d3-force";
