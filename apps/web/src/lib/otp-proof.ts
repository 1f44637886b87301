/** What a submission protected by a one-time code carries: the code, its token and a captcha solution. */
export interface OtpProof {
  otp: string;
  token: string;
  captcha: string;
}
