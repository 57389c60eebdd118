/// The GraphQL documents sent to LeetCode, in the shapes its own pages and the tools people use
/// (leetcode-query, leetcode-cli, leetcode.nvim) send. The problem list is aliased to the
/// `problemsetQuestionList { total questions { … } }` shape that `catalog update` already reads.
enum LeetCodeQueries {
    static let userStatus = """
        query globalData { userStatus { username isSignedIn } }
        """

    static let problemList = """
        query problemsetQuestionList($categorySlug: String, $limit: Int, $skip: Int, $filters: QuestionListFilterInput) {
          problemsetQuestionList: questionList(categorySlug: $categorySlug, limit: $limit, skip: $skip, filters: $filters) {
            total: totalNum
            questions: data {
              acRate difficulty questionFrontendId paidOnly: isPaidOnly status title titleSlug
              topicTags { name slug }
            }
          }
        }
        """

    static let progressList = """
        query userProgressQuestionList($filters: UserProgressQuestionListInput) {
          userProgressQuestionList(filters: $filters) {
            totalNum
            questions { frontendId title titleSlug difficulty lastSubmittedAt numSubmitted questionStatus lastResult }
          }
        }
        """

    static let recentAccepted = """
        query recentAcSubmissions($username: String!, $limit: Int!) {
          recentAcSubmissionList(username: $username, limit: $limit) { id title titleSlug timestamp }
        }
        """

    static let daily = """
        query questionOfToday {
          activeDailyCodingChallengeQuestion {
            date link
            question { acRate difficulty questionFrontendId paidOnly: isPaidOnly status title titleSlug topicTags { name slug } }
          }
        }
        """
}
