/** Room above a bar of a BarChartFigure for its name (the figure reserves it, the plot draws it). */
export const NAME_HEIGHT = 16;
