/** Review states of the clients' reports (docs/review.md). */
export { getReview, listReviews, type Review, type ReviewChange, ReviewError, setReview } from "./reviews.js";
